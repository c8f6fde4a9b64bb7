// Durable chunks, segments and resume (ADR 0005) against the real worker, D1 and R2: every chunk is
// in R2 once acknowledged, parts are composed in the background, a closed segment is byte-identical
// to what was sent, a participation resumes as a new segment, places are held and freed by
// activity, and every deletion path (leave, expiry, entry, analysis, user) leaves nothing in R2 and
// no unfinished multipart upload. The clock is moved per request and for the cron, never slept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, signUp, client } from './helpers.mjs';
import { grantSubscription, q, sql } from './db.mjs';
import { createAnalysis } from '../lib/test-app.mjs';
import {
  at,
  complete,
  ledgerOf,
  openSegment,
  openUploads,
  participate,
  putChunk,
  r2Keys,
  recordSegment,
  submit,
  until,
} from './recording.mjs';
import { watch } from './live-watch.mjs';
import { TEST_MAX_ENTRY_BYTES } from '../../scripts/lib/dev-server.mjs';

const MIB = 1024 * 1024;
const MINUTE = 60_000;
const sha = (b) => createHash('sha256').update(b).digest('hex');

/** A subscribed researcher's (`owner`, or a new one) analysis with `places` places. */
async function analysisWith(places, owner) {
  owner ??= await signUp('chunks');
  grantSubscription(owner.user.id);
  const { id } = await createAnalysis(owner, { max: places, tasks: ['T1', 'T2'] });
  return { owner, id };
}

const prefixOf = (analysisId, entryId) => `analyses/${analysisId}/entries/${entryId}/`;

test('every acknowledged chunk is already in R2; repeats are idempotent and bad chunks get 4xx', async () => {
  const { id } = await analysisWith(2);
  const { entryId, cookie } = await participate(id);
  const opened = await openSegment(entryId, cookie);
  assert.equal(opened.status, 200, opened.text);
  assert.deepEqual(opened.json, { segment: 1, chunkMaxBytes: 4 * MIB, recordedMs: 0 });
  const chunk = randomBytes(300_000);
  assert.equal((await putChunk(entryId, cookie, 1, 0, chunk, 1000)).status, 200);
  assert.deepEqual(r2Keys(prefixOf(id, entryId)), [`${prefixOf(id, entryId)}segments/1/screen-chunks/000000`]);

  // A retry of the same chunk (its answer was lost) changes nothing; another size is a conflict.
  assert.deepEqual(await putChunk(entryId, cookie, 1, 0, chunk, 1000), {
    status: 200,
    json: { stored: true, watched: false },
  });
  const ledger = ledgerOf(entryId);
  assert.equal(ledger.stored_bytes, 300_000, 'a repeated chunk counts once');
  assert.equal(ledger.reserved_bytes, 0, 'nothing is left reserved');
  assert.equal((await putChunk(entryId, cookie, 1, 0, randomBytes(10), 1000)).json.code, 'chunk_conflict');

  const cases = [
    [await putChunk(entryId, cookie, 1, 1, chunk, 'x'), 400, 'bad_chunk_time'],
    [await putChunk(entryId, cookie, 1, -1, chunk, 10), 400, 'bad_chunk_index'],
    [await putChunk(entryId, cookie, 1, 99999999, chunk, 10), 400, 'bad_chunk_index'],
    [await putChunk(entryId, cookie, 1, 1, new Uint8Array(0), 10), 400, 'empty_chunk'],
    [await putChunk(entryId, cookie, 1, 1, randomBytes(4 * MIB + 1), 10), 413, 'chunk_too_large'],
    [await putChunk(entryId, cookie, 1, 1, chunk, 2 * 60 * MINUTE + 1), 413, 'recording_too_long'],
    [await putChunk(entryId, cookie, 7, 0, chunk, 10), 404, 'no_segment'],
    [await putChunk(entryId, undefined, 1, 1, chunk, 10), 403, 'not_your_entry'],
  ];
  for (const [res, status, code] of cases) {
    assert.equal(res.status, status, JSON.stringify(res.json));
    assert.equal(res.json.code, code);
    assert.equal(typeof res.json.message, 'string');
  }
  const tooLong = cases[5][0];
  assert.match(tooLong.json.message, /duración máxima/);

  // A streamed body without Content-Length is refused before it is read.
  const stream = new ReadableStream({
    start(c) {
      c.enqueue(new Uint8Array(10));
      c.close();
    },
  });
  const chunked = await fetch(`${BASE}/api/v1/analysisEntry/${entryId}/segments/1/chunks/1`, {
    method: 'PUT',
    headers: { cookie, 'x-lupa-end-ms': '2000' },
    body: stream,
    duplex: 'half',
  });
  assert.equal(chunked.status, 411);
});

test('parts are composed while recording, and a closed segment is byte-identical, seekable and alone in R2', async () => {
  const { id, owner } = await analysisWith(1);
  const { entryId, cookie } = await participate(id);
  const data = randomBytes(12 * MIB + 54_321);
  const prefix = prefixOf(id, entryId);
  // Chunks of a little under 300 KB, like a busy second of screen recording.
  await recordSegment(entryId, cookie, data, { chunkSize: 290_000 });
  // Part 2 (bytes 5–10 MiB) is composed in the background into an open upload. Its chunks stay in
  // R2 until Finish: a live viewer scrubbing back reads them (ADR 0016).
  assert.ok(await until(() => openUploads(prefix).length === 1), 'a multipart upload is open while recording');
  const chunkKeys = () => r2Keys(prefix).filter((k) => k.includes('/screen-chunks/'));
  assert.equal(chunkKeys().length, Math.ceil(data.length / 290_000), 'every chunk is still readable');

  const steps = [
    { index: 0, atMs: 0 },
    { index: 1, atMs: 5000 },
    { index: 2, atMs: 20000 },
  ];
  const started = performance.now();
  const done = await complete(entryId, cookie, { durationMs: 44000, steps });
  const took = performance.now() - started;
  assert.equal(done.status, 200, done.text);
  assert.deepEqual(done.json, { durationMs: 44000, segments: 1 });
  console.log(`# complete of a 12 MiB segment took ${took.toFixed(0)} ms`);
  assert.ok(r2Keys(prefix).includes(`${prefix}segments/1/screen.mp4`), 'the composed file is complete');
  assert.deepEqual(openUploads(prefix), []);
  assert.deepEqual(
    (await complete(entryId, cookie, { steps })).json,
    { durationMs: 44000, segments: 1 },
    'completing again changes nothing',
  );
  assert.equal((await submit(entryId, cookie)).status, 200);
  // The sweep after Finish removes the chunks, off the participant's path.
  assert.ok(await until(() => chunkKeys().length === 0), `chunks left after Finish: ${chunkKeys().length}`);
  assert.deepEqual(r2Keys(prefix), [`${prefix}segments/1/screen.mp4`], 'only the composed file is left');

  const entry = await client.entryUrl(entryId, { cookie: owner.cookie });
  assert.equal(entry.status, 200);
  assert.equal(entry.json.durationMs, 44000);
  assert.equal(entry.json.segments.length, 1);
  assert.equal(entry.json.segments[0].durationMs, 44000);
  const whole = await fetch(entry.json.segments[0].url);
  assert.equal(whole.status, 200);
  assert.equal(sha(Buffer.from(await whole.arrayBuffer())), sha(data));
  assert.match(
    whole.headers.get('content-security-policy'),
    /media-src 'self'/,
    'a recording opened in a tab may play',
  );
  const middle = await fetch(entry.json.analysisEntryPresignedUrl, {
    headers: { range: `bytes=${5 * MIB - 5}-${5 * MIB + 4}` },
  });
  assert.equal(middle.status, 206);
  assert.deepEqual(Buffer.from(await middle.arrayBuffer()), data.subarray(5 * MIB - 5, 5 * MIB + 5));
  // Every other answer stays as strict as before.
  assert.equal(entry.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
  const page = await client.entryPage(entryId, { cookie: owner.cookie });
  assert.deepEqual(page.json.steps, steps);
  assert.equal(page.json.segments.length, 1);
});

test('a resumed participation is a second segment of the same entry, and plays as two files in order', async () => {
  const { id, owner } = await analysisWith(1);
  const { entryId, cookie, setCookie } = await participate(id);
  assert.match(setCookie, /Max-Age=86400/, 'the capability survives a browser restart for the grace window');
  assert.match(setCookie, /HttpOnly/);
  assert.match(setCookie, /SameSite=Strict/);
  assert.match(setCookie, /^__Host-/);
  const first = randomBytes(700_000);
  await recordSegment(entryId, cookie, first, { chunkSize: 250_000 }); // 3 chunks, 3 s
  const steps = [
    { index: 0, atMs: 0 },
    { index: 1, atMs: 1200 },
    { index: 2, atMs: 2500 },
  ];
  assert.equal((await client.entrySteps(entryId, { cookie, body: { steps } })).status, 200);

  // The tab reloads: the page asks who we are, and the participant chooses 'Continuar'.
  const current = await client.participationCurrent({ cookie });
  assert.equal(current.status, 200, current.text);
  assert.equal(current.json.analysisEntryId, entryId);
  assert.equal(current.json.analysisId, id);
  assert.equal(current.json.recordedMs, 3000);
  assert.deepEqual(current.json.steps, steps);
  assert.equal(current.json.analysisData.tasks.length, 2);
  const resumed = await client.entryResume(entryId, { cookie });
  assert.equal(resumed.status, 200, resumed.text);
  assert.match(resumed.headers.getSetCookie().join(), /Max-Age=86400/);
  const second = randomBytes(400_000);
  const segment = await recordSegment(entryId, cookie, second, { chunkSize: 200_000 }); // 2 chunks, 2 s
  assert.equal(segment, 2);
  assert.deepEqual((await complete(entryId, cookie, {})).json, { durationMs: 5000, segments: 2 });
  assert.equal((await submit(entryId, cookie)).status, 200);
  assert.equal(
    (await client.participationCurrent({ cookie })).status,
    404,
    'a submitted participation is not offered again',
  );

  const entry = await client.entryUrl(entryId, { cookie: owner.cookie });
  assert.deepEqual(
    entry.json.segments.map((s) => s.durationMs),
    [3000, 2000],
  );
  assert.equal(entry.json.durationMs, 5000);
  const bodies = await Promise.all(
    entry.json.segments.map(async (s) => Buffer.from(await (await fetch(s.url)).arrayBuffer())),
  );
  assert.equal(sha(bodies[0]), sha(first));
  assert.equal(sha(bodies[1]), sha(second));
  const tampered = entry.json.segments[1].url.replace('/2?', '/1?');
  assert.equal((await fetch(tampered)).status, 403, 'a segment URL is signed for its own segment');
});

/** An MP4 without the `sidx` boxes the worker splices in when it serves it (ADR 0009). */
function withoutSeekIndex(bytes) {
  const kept = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    if (size < 8) return bytes;
    if (bytes.toString('latin1', at + 4, at + 8) !== 'sidx') kept.push(bytes.subarray(at, at + size));
    at += size;
  }
  return Buffer.concat(kept);
}

test('a WebM segment gets its duration written into the header at the close; MP4 stays as recorded (served with its seek index)', async () => {
  const fixtures = new URL('../../edge-worker/core/fixtures/', import.meta.url);
  const { id, owner } = await analysisWith(2);
  const dir = mkdtempSync(join(tmpdir(), 'lupa-probe-'));
  const probe = (bytes, name) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
        .toString()
        .trim(),
    );
  };
  for (const [name, mimeType] of [
    ['chromium.webm', 'video/webm;codecs=vp8,opus'],
    ['chromium.mp4', 'video/mp4;codecs=vp9,opus'],
  ]) {
    const data = readFileSync(new URL(name, fixtures));
    const { entryId, cookie } = await participate(id);
    // Four chunks; the last ends at 2.4 s of recording.
    await recordSegment(entryId, cookie, data, { chunkSize: Math.ceil(data.length / 4), msPerChunk: 600, mimeType });
    assert.equal((await complete(entryId, cookie, {})).status, 200);
    assert.equal((await submit(entryId, cookie)).status, 200);
    const entry = await client.entryUrl(entryId, { cookie: owner.cookie });
    const stored = Buffer.from(await (await fetch(entry.json.segments[0].url)).arrayBuffer());
    if (mimeType.startsWith('video/webm'))
      assert.equal(stored.length, data.length, `${name}: the header patch keeps the length`);
    else
      assert.ok(
        withoutSeekIndex(stored).equals(data),
        `${name}: the recorded bytes, at most with a seek index spliced in`,
      );
    const seconds = probe(stored, name);
    assert.ok(
      Number.isFinite(seconds) && seconds > 1.5 && seconds < 3.5,
      `${name}: ffprobe reads a duration (${seconds})`,
    );
  }
});

/** D1's hold of a participation (what `participate` counts against the places). */
async function heldUntil(entryId) {
  return (await sql(`SELECT held_until FROM analysis_entries WHERE id = ${q(entryId)}`))[0]?.held_until;
}

test('a place is held by activity: 5 minutes without media, 30 after the recording last grew; resuming needs a free place', async () => {
  // The timeline is in the past, so the participation's alarm (real time, ADR 0013) runs as soon
  // as each hold is over on it, as it would have by now.
  const { id } = await analysisWith(1);
  const t0 = Date.now() - 45 * MINUTE;
  const a = await participate(id, { headers: at(t0) });
  assert.equal(a.res.status, 200);
  assert.equal((await participate(id, { headers: at(t0 + 4 * MINUTE) })).res.status, 409, 'the only place is taken');
  // No media within 5 minutes: the place is free for someone else.
  const b = await participate(id, { headers: at(t0 + 6 * MINUTE) });
  assert.equal(b.res.status, 200, b.res.text);
  // B records: the place stays B's for 30 minutes after its recording last grew, interrupted or not.
  const seg = await openSegment(b.entryId, b.cookie, { headers: at(t0 + 7 * MINUTE) });
  assert.equal(
    (await putChunk(b.entryId, b.cookie, seg.json.segment, 0, randomBytes(1000), 1000, at(t0 + 8 * MINUTE))).status,
    200,
  );
  assert.ok(
    await until(async () => (await heldUntil(b.entryId)) === t0 + 38 * MINUTE, { timeoutMs: 45_000 }),
    `B's hold ends 30 min after its chunk, got ${await heldUntil(b.entryId)}`,
  );
  assert.equal((await participate(id, { headers: at(t0 + 37 * MINUTE) })).res.status, 409);

  // A comes back (reload) while B holds the place: no place, and A's participation is deleted.
  const again = await client.entryResume(a.entryId, { cookie: a.cookie, headers: at(t0 + 20 * MINUTE) });
  assert.equal(again.status, 409);
  assert.equal(again.json.message, 'No hay plazas disponibles para este análisis.');
  const [row] = await sql(`SELECT status FROM analysis_entries WHERE id = ${q(a.entryId)}`);
  assert.equal(row.status, 'abandoned');
  assert.equal((await client.participationCurrent({ cookie: a.cookie })).status, 404);

  // 30 minutes after B's last chunk its place is free: a newcomer takes it, and B cannot resume.
  const c = await participate(id, { headers: at(t0 + 39 * MINUTE) });
  assert.equal(c.res.status, 200);
  const late = await client.entryResume(b.entryId, { cookie: b.cookie, headers: at(t0 + 40 * MINUTE) });
  assert.equal(late.status, 409);
  assert.deepEqual(r2Keys(prefixOf(id, b.entryId)), [], "B's chunks are gone with it");
});

test('1-byte chunks neither hold a place nor get stored past the one a segment may end with', async () => {
  const { id } = await analysisWith(1);
  const t0 = Date.now() - 20 * MINUTE;
  const dribbler = await participate(id, { headers: at(t0) });
  const {
    json: { segment },
  } = await openSegment(dribbler.entryId, dribbler.cookie, { headers: at(t0) });
  // A segment may end with one tiny chunk; a second is not a recording.
  assert.equal(
    (await putChunk(dribbler.entryId, dribbler.cookie, segment, 0, randomBytes(1), 1000, at(t0 + MINUTE))).status,
    200,
  );
  const second = await putChunk(
    dribbler.entryId,
    dribbler.cookie,
    segment,
    1,
    randomBytes(1),
    2000,
    at(t0 + 2 * MINUTE),
  );
  assert.equal(second.status, 409);
  assert.equal(second.json.code, 'chunk_too_small');
  assert.deepEqual(r2Keys(`${prefixOf(id, dribbler.entryId)}segments/`).length, 1);
  // The tiny chunk was no activity: 5 minutes after the segment opened the place is free.
  assert.ok(
    await until(async () => (await heldUntil(dribbler.entryId)) === t0 + 5 * MINUTE, { timeoutMs: 45_000 }),
    `hold: ${await heldUntil(dribbler.entryId)}`,
  );
  const newcomer = await participate(id, { headers: at(t0 + 6 * MINUTE) });
  assert.equal(newcomer.res.status, 200, newcomer.res.text);
});

test('the server clock bounds the length: chunks that always declare 0 ms get 413 once 2 hours have passed', async () => {
  const { id } = await analysisWith(1);
  const t0 = Date.now();
  const p = await participate(id, { headers: at(t0) });
  const {
    json: { segment },
  } = await openSegment(p.entryId, p.cookie, { headers: at(t0) });
  const chunk = randomBytes(2000);
  assert.equal((await putChunk(p.entryId, p.cookie, segment, 0, chunk, 0, at(t0 + 60 * MINUTE))).status, 200);
  // Chunks recorded offline before the limit may arrive a little late (LATE_GRACE, 10 minutes).
  assert.equal((await putChunk(p.entryId, p.cookie, segment, 1, chunk, 0, at(t0 + 125 * MINUTE))).status, 200);
  const over = await putChunk(p.entryId, p.cookie, segment, 2, chunk, 0, at(t0 + 130 * MINUTE + 1));
  assert.equal(over.status, 413);
  assert.equal(over.json.code, 'recording_too_long');
  assert.match(over.json.message, /duración máxima/);
});

test('a participation nobody comes back to is deleted by its alarm after 24 h with everything, uploads aborted, its viewers told', async () => {
  const { id, owner } = await analysisWith(3);
  const DAY = 24 * 60 * MINUTE;
  // The participant's clock trails the real one by 24 h less 45 s, request by request, so the
  // alarm comes due 45 s after the last chunk however long the upload took. (A fixed clock set
  // before an 11 MiB upload left the test a margin a loaded CI machine could use up.)
  const dayAgo = () => at(Date.now() - DAY + 45_000);
  const fourHoursAgo = Date.now() - 4 * 60 * MINUTE;
  const kept = await participate(id, { headers: at(fourHoursAgo) });
  const gone = await participate(id, { headers: dayAgo() });
  const prefix = prefixOf(id, gone.entryId);
  // 11 MiB stored: part 2 composed into an open multipart upload, part 1 still as chunks.
  await recordSegment(gone.entryId, gone.cookie, randomBytes(11 * MIB), { chunkSize: 512 * 1024, headers: dayAgo });
  assert.ok(
    await until(() => openUploads(prefix).length === 1, { timeoutMs: 30_000 }),
    'the first part is composed into a multipart upload',
  );
  assert.ok(r2Keys(prefix).length > 0, 'within the grace window nothing is deleted');
  const viewer = watch(gone.entryId, owner.cookie);
  await viewer.opened;
  await recordSegment(kept.entryId, kept.cookie, randomBytes(100_000), { headers: at(fourHoursAgo) });

  assert.ok(
    await until(() => r2Keys(prefix).length === 0, { timeoutMs: 90_000, everyMs: 500 }),
    'no chunk, part or file is left',
  );
  assert.deepEqual(openUploads(prefix), [], 'no unfinished multipart upload is left');
  await viewer.next((e) => e.type === 'deleted');
  assert.ok(
    await until(
      async () =>
        (await sql(`SELECT status FROM analysis_entries WHERE id = ${q(gone.entryId)}`))[0].status === 'abandoned',
    ),
  );
  const rows = await sql(`SELECT e.status, (SELECT COUNT(*) FROM entry_segments s WHERE s.entry_id = e.id) AS segments
    FROM analysis_entries e WHERE e.id = ${q(gone.entryId)}`);
  assert.deepEqual(rows, [{ status: 'abandoned', segments: 0 }]);
  assert.equal((await client.participationCurrent({ cookie: gone.cookie })).status, 404);
  assert.ok(r2Keys(prefixOf(id, kept.entryId)).length > 0, 'a participation active 4 h later is kept');
});

test('leaving, and deleting an entry, an analysis or a user, leave nothing in R2 and no open upload', async () => {
  const owner = await signUp('purge');
  const { id } = await analysisWith(4, owner);
  const { id: other } = await analysisWith(2, owner);
  const record = async (analysisId, bytes) => {
    const p = await participate(analysisId);
    await recordSegment(p.entryId, p.cookie, randomBytes(bytes), { chunkSize: 512 * 1024 });
    await until(() => bytes < 10 * MIB || openUploads(prefixOf(analysisId, p.entryId)).length === 1);
    return p;
  };
  // Leave ('Eliminar grabación y salir', or stop sharing): everything goes, the place is free.
  const leaver = await record(id, 11 * MIB);
  const left = await client.entryAbandon(leaver.entryId, { cookie: leaver.cookie });
  assert.equal(left.status, 200);
  assert.deepEqual(r2Keys(prefixOf(id, leaver.entryId)), []);
  assert.deepEqual(openUploads(prefixOf(id, leaver.entryId)), []);

  // A submitted entry deleted by its researcher.
  const done = await record(id, 200_000);
  await complete(done.entryId, done.cookie, {});
  await submit(done.entryId, done.cookie);
  assert.equal((await client.entryDelete(done.entryId, { cookie: owner.cookie })).status, 200);
  assert.deepEqual(r2Keys(prefixOf(id, done.entryId)), []);

  // An analysis deleted while a participant is mid-recording with an open upload.
  const midway = await record(id, 11 * MIB);
  assert.equal((await client.analysisDelete(id, { cookie: owner.cookie })).status, 200);
  assert.deepEqual(r2Keys(`analyses/${id}/`), []);
  assert.deepEqual(openUploads(`analyses/${id}/`), []);
  assert.equal((await putChunk(midway.entryId, midway.cookie, 1, 99, randomBytes(10), 1)).status, 404);

  // A user deleted by an admin while a participant is mid-recording in their other analysis.
  await record(other, 11 * MIB);
  const admin = await signUp('purge-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  assert.equal((await client.adminUserDelete(owner.user.id, { cookie: admin.cookie })).status, 200);
  assert.deepEqual(r2Keys(`analyses/${other}/`), []);
  assert.deepEqual(openUploads(`analyses/${other}/`), []);
});

test('past the size limit a chunk gets 413 with a Spanish message, and what was recorded can still be finished', async () => {
  const { id, owner } = await analysisWith(1);
  const { entryId, cookie } = await participate(id);
  const {
    json: { segment },
  } = await openSegment(entryId, cookie);
  const chunk = randomBytes(4 * MIB);
  const fits = TEST_MAX_ENTRY_BYTES / (4 * MIB);
  for (let i = 0; i < fits; i++)
    assert.equal((await putChunk(entryId, cookie, segment, i, chunk, (i + 1) * 1000)).status, 200);
  const over = await putChunk(entryId, cookie, segment, fits, chunk, (fits + 1) * 1000);
  assert.equal(over.status, 413);
  assert.equal(over.json.code, 'recording_too_large');
  assert.match(over.json.message, /tamaño máximo/);
  const done = await complete(entryId, cookie, {});
  assert.equal(done.status, 200, done.text);
  assert.equal(done.json.durationMs, fits * 1000);
  assert.equal((await submit(entryId, cookie)).status, 200);
  const entry = await client.entryUrl(entryId, { cookie: owner.cookie });
  const head = await fetch(entry.json.segments[0].url, { headers: { range: 'bytes=0-0' } });
  assert.equal(head.headers.get('content-range'), `bytes 0-0/${TEST_MAX_ENTRY_BYTES}`);
});
