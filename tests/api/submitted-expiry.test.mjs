// No recording lost to a failed call (issue 43): a participation is submitted in D1, but the submit's
// `Finish` never reaches its Durable Object (the object answers 500 to every attempt, through the
// test server's fault switch, edge-worker/src/platform/faults.rs). The object stays 'active', and a day later
// its expiry alarm runs. It must not delete what the researcher has: the recording still plays,
// byte for byte, through the researcher's API, and the object finishes instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { at, ledgerOf, participate, r2Keys, recordSegment, runCron, until } from './recording.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const sha = (b) => createHash('sha256').update(b).digest('hex');

/** What ffprobe reads of `bytes`: the duration in seconds (NaN when it can't read the file). */
function probedSeconds(bytes) {
  const file = join(mkdtempSync(join(tmpdir(), 'lupa-kept-')), 'recording.mp4');
  writeFileSync(file, bytes);
  return Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
      .toString()
      .trim(),
  );
}

test("a submitted recording whose object never heard of the Finish survives the object's expiry 24 h later, and plays", async () => {
  const owner = await researcher('kept');
  const analysisId = (await createAnalysis(owner, { tasks: ['T1'], max: 2 })).id;
  // The participant's clock trails the real one by 24 h less 30 s, request by request: the
  // object's expiry (24 h after its last activity, on the real clock) falls due 30 s after the
  // submit however long the requests took, as if the clock had moved on a day.
  const dayAgo = () => at(Date.now() - DAY + 30_000);
  const p = await participate(analysisId, { headers: dayAgo() });
  assert.equal(p.res.status, 200, p.res.text);
  const file = readFileSync(new URL('../../web/public/demo/lupa-demo.mp4', import.meta.url));
  await recordSegment(p.entryId, p.cookie, file, { chunkSize: 32 * 1024, mimeType: 'video/mp4', headers: dayAgo });
  const done = await client.entryComplete(p.entryId, { cookie: p.cookie, headers: dayAgo(), body: {} });
  assert.equal(done.status, 200, done.text);
  // The submit lands in D1; every Finish it sends the object is answered with a 500.
  const sent = await client.entryUpdate({
    cookie: p.cookie,
    headers: { ...dayAgo(), 'x-lupa-test-fault': 'ledger-finish' },
    body: { analysisEntryId: p.entryId, analysisEntryStatus: 'submitted' },
  });
  assert.equal(sent.status, 200, sent.text);
  assert.equal(ledgerOf(p.entryId)?.state, 'active', 'the object never heard of the submit');

  // The expiry alarm runs (it leaves 'active' either way: deleted, or finished and gone).
  assert.ok(
    await until(() => ledgerOf(p.entryId)?.state !== 'active', { timeoutMs: 90_000, everyMs: 500 }),
    'the expiry alarm ran',
  );
  // A day and an hour later on the cron's clock too (it expires only participations whose ledger is in D1).
  await runCron(Date.now() + DAY + 60 * MINUTE);

  const [row] = await sql(`SELECT status FROM analysis_entries WHERE id = ${q(p.entryId)}`);
  assert.equal(row.status, 'submitted', 'the participation is still submitted');
  const entry = await client.entryUrl(p.entryId, { cookie: owner.cookie });
  assert.equal(entry.status, 200, entry.text);
  assert.equal(entry.json.segments.length, 1);
  const played = await fetch(entry.json.segments[0].url);
  assert.equal(played.status, 200, 'the recording is still there');
  const bytes = Buffer.from(await played.arrayBuffer());
  assert.equal(bytes.length, file.length);
  assert.equal(sha(bytes), sha(file), 'byte for byte what was recorded');
  assert.ok(probedSeconds(bytes) > 0, 'and it decodes');
  // The object did what Finish does instead: the chunks are swept, the composed file stays.
  const prefix = `analyses/${analysisId}/entries/${p.entryId}/`;
  assert.ok(
    await until(() => !r2Keys(prefix).some((k) => k.includes('-chunks/')), { timeoutMs: 30_000 }),
    `left: ${r2Keys(prefix)}`,
  );
  assert.ok(r2Keys(prefix).includes(`${prefix}segments/1/screen.mp4`));
});
