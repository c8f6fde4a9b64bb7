// The server shares its SQLite file with whatever else writes it locally (the tests' `wrangler d1
// execute`). A write that finds the database busy did not run, so the worker tries it again for
// up to ~0.85 s (`db.rs`) instead of answering 'Error interno'; clippy.toml's `disallowed-methods`
// keeps every D1 call on that path. Here the test itself holds the write lock. The refused tries
// are not counted as D1 round trips (`usage.rs`), so other files' direct writes don't make a
// route look over its budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { client } from './helpers.mjs';
import { holdWriteLock, q, sql } from './db.mjs';
import {
  at,
  finishedFile,
  ledgerOf,
  openSegment,
  participate,
  putChunk,
  r2Keys,
  recordSegment,
  until,
} from './recording.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';

const run = promisify(execFile);

test('a write that finds the database busy for a moment still succeeds once it is free', async () => {
  const email = `ocupada.${Date.now()}@example.com`;
  const released = holdWriteLock(400);
  const started = Date.now();
  const joined = await client.waitlist({ body: { email, consent: true } });
  await released;
  assert.equal(joined.status, 201, joined.text);
  assert.ok(Date.now() - started >= 350, 'the answer waited for the lock');
  const rows = await sql(`SELECT email FROM waitlist WHERE email = ${q(email)}`);
  assert.equal(rows.length, 1, 'written once');
  // The refused tries are not D1 round trips (D1 is never busy; ADR 0011's budgets count what
  // production waits for): the answer reports what the same request costs with the file free.
  const free = await client.waitlist({ body: { email: `libre.${Date.now()}@example.com`, consent: true } });
  assert.equal(free.status, 201, free.text);
  assert.equal(joined.headers.get('x-d1-round-trips'), free.headers.get('x-d1-round-trips'));
});

test("a local script's write (create-user's) waits while the server holds the write lock, then lands", async () => {
  // `npm run create-user` writes through scripts/lib/local-d1.mjs; `wrangler d1 execute`, which it
  // used before, failed at once with 'database is locked' while the server was writing.
  const email = `script.${Date.now()}@example.com`;
  const insert = `INSERT INTO waitlist (id, email, email_normalized, consent, consent_at, created_at) VALUES (${q(`wl-${Date.now()}`)}, ${q(email)}, ${q(email)}, 1, 0, 0)`;
  const code =
    "import { localSql } from './scripts/lib/local-d1.mjs'; localSql(process.env.STATE_DIR, process.env.QUERY);";
  const released = holdWriteLock(2500);
  const script = run(process.execPath, ['--input-type=module', '-e', code], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, STATE_DIR: process.env.LUPA_STATE_DIR, QUERY: insert },
  });
  let settled = false;
  script.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal(settled, false, 'the script is still waiting for the lock, not failed');
  assert.equal((await sql(`SELECT email FROM waitlist WHERE email = ${q(email)}`)).length, 0, 'nothing written yet');
  await released;
  await script;
  assert.equal(
    (await sql(`SELECT email FROM waitlist WHERE email = ${q(email)}`)).length,
    1,
    'written once the lock was free',
  );
});

test('an expired participation whose alarm finds the database busy is still abandoned, with nothing left', async () => {
  // The expiry alarm writes D1 (the row becomes 'abandoned') before it erases anything: when the
  // write fails, the alarm runs again a few seconds later and finds the same work to do. It used to
  // erase first, and the retry found the object already 'deleted': the row stayed 'in_progress'.
  const owner = await researcher('busy-expiry');
  const analysisId = (await createAnalysis(owner, { tasks: ['T1'], max: 2 })).id;
  // The participant's clock trails the real one by 24 h less 20 s, request by request: the expiry
  // falls due 20 s after the last request however long they took, and the lock below is held
  // across that moment (a clock fixed before them could put the alarm outside the lock's window).
  const DAY = 24 * 60 * 60_000;
  let lastActive = 0;
  const dayAgo = () => at((lastActive = Date.now() - DAY + 20_000));
  const gone = await participate(analysisId, { headers: dayAgo() });
  await recordSegment(gone.entryId, gone.cookie, Buffer.alloc(200_000, 7), { headers: dayAgo });
  const due = lastActive + DAY;
  const prefix = `analyses/${analysisId}/entries/${gone.entryId}/`;
  assert.ok(r2Keys(prefix).length > 0);

  // The lock is held from 2 s before the alarm to 4 s after: its write is refused for longer than
  // the ~0.85 s the worker waits on a busy database.
  await new Promise((resolve) => setTimeout(resolve, due - 2_000 - Date.now()));
  await holdWriteLock(6_000);
  const status = async () => (await sql(`SELECT status FROM analysis_entries WHERE id = ${q(gone.entryId)}`))[0].status;
  assert.ok(
    await until(async () => (await status()) === 'abandoned', { timeoutMs: 30_000, everyMs: 500 }),
    `status: ${await status()}`,
  );
  assert.ok(await until(() => r2Keys(prefix).length === 0), 'nothing is left in R2');
  assert.equal((await client.participationCurrent({ cookie: gone.cookie })).status, 404);
});

test('a chunk the ledger stored stays in R2 when taking the place again finds the database busy: its retry and Finish work', async () => {
  // After the alarm let D1's hold go, the next chunk that grows the recording takes the place
  // again, in its commit, after the ledger stored it. With the database busy that write fails and
  // the chunk's answer is an error, but the chunk is the ledger's: the worker used to delete its
  // R2 object anyway, so its retry got `already_stored` and every `complete` failed after.
  const owner = await researcher('busy-hold');
  const analysisId = (await createAnalysis(owner, { tasks: ['T1'], max: 2 })).id;
  // On a timeline 40 minutes in the past, the hold (30 minutes after the recording last grew) is
  // over, so the object's alarm releases it within seconds (it runs on the real clock).
  const t0 = Date.now() - 40 * 60_000;
  const p = await participate(analysisId, { headers: at(t0) });
  const opened = await openSegment(p.entryId, p.cookie, { headers: at(t0) });
  assert.equal(opened.status, 200, opened.text);
  const segment = opened.json.segment;
  const first = randomBytes(100_000);
  const second = randomBytes(120_000);
  assert.equal((await putChunk(p.entryId, p.cookie, segment, 0, first, 1000, at(t0 + 60_000))).status, 200);
  assert.ok(
    await until(() => ledgerOf(p.entryId)?.hold_released === 1, { timeoutMs: 45_000, everyMs: 250 }),
    'the alarm let the place go',
  );

  // The next chunk grows the recording, so its commit writes D1 while the lock is held (4 s,
  // longer than the ~0.85 s the worker waits on a busy database).
  const released = holdWriteLock(4_000);
  const busy = await putChunk(p.entryId, p.cookie, segment, 1, second, 2000, at(t0 + 120_000));
  await released;
  assert.ok(busy.status >= 500, `a failure the recorder retries: ${busy.status} ${JSON.stringify(busy.json)}`);
  const key = `analyses/${analysisId}/entries/${p.entryId}/segments/${segment}/screen-chunks/000001`;
  const ledger = ledgerOf(p.entryId);
  assert.deepEqual(
    { inR2: r2Keys(key).length, storedBytes: ledger.stored_bytes, reservedBytes: ledger.reserved_bytes },
    { inR2: 1, storedBytes: first.length + second.length, reservedBytes: 0 },
    'the ledger counts the chunk as stored, and R2 still has it',
  );

  // The recorder's retry is acknowledged, and the recording finishes with both chunks.
  assert.equal((await putChunk(p.entryId, p.cookie, segment, 1, second, 2000, at(t0 + 121_000))).status, 200);
  const played = await finishedFile(p.entryId, p.cookie, owner.cookie);
  assert.ok(played.equals(Buffer.concat([first, second])), `the file is both chunks (${played.length} bytes)`);
});
