// The transcription audio track (ADR 0018) under every limit the screen and camera chunks honour
// (ADR 0013), and transcription that stops when the participation does, through the real worker,
// D1, R2 and the participation's Durable Object. A server of its own with a 1 MiB size limit and a
// Whisper stand-in of its own: the request counts and the stand-in's delay are this file's alone,
// so it can run beside the other files.
//
// Limits of a screen/camera chunk, and where the audio path meets each here: bytes per
// participation (stored + in flight ≤ MAX_ENTRY_BYTES), the size of one chunk, the count of chunks,
// the length on the server's clock (and the declared time), the capability, and (the audio's own
// rate) the transcription windows the server's clock allows.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startServer } from '../../scripts/lib/dev-server.mjs';
import { startWhisperStandIn } from '../../scripts/lib/whisper-stand-in.mjs';
import { localSql, readStore } from '../../scripts/lib/local-d1.mjs';
import { opusAudio } from '../../scripts/lib/opus-audio.mjs';
import { api } from './helpers.mjs';
import { q } from './db.mjs';
import { until } from './recording.mjs';
import { participate, Participation } from '../lib/test-app.mjs';
import { createAnalysis, researcher as subscribed } from './insights-helpers.mjs';

const MIB = 1024 * 1024;
const MINUTE = 60_000;
const AUDIO_CHUNK_MAX = 256 * 1024;
const fixtures = new URL('../../edge-worker/core/fixtures/', import.meta.url);
const SCREEN = readFileSync(new URL('chromium.mp4', fixtures));
const FIXTURE_AUDIO = readFileSync(new URL('chromium-audio-1.webm', fixtures));

let server;
let standIn;
let stateDir;
const dir = mkdtempSync(join(tmpdir(), 'lupa-audio-limits-'));

before(async () => {
  standIn = await startWhisperStandIn({ delayMs: 50 });
  stateDir = mkdtempSync(join(tmpdir(), 'lupa-audio-limits-state-'));
  server = await startServer({ stateDir, maxEntryBytes: MIB, vars: standIn.vars });
});
after(async () => {
  // AUDIO_LIMITS_LOGS=1: this server's own log (the object's alarm and transcription lines).
  if (process.env.AUDIO_LIMITS_LOGS) console.log(server?.logs());
  await server?.stop();
  await standIn?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

const control = (path, body) =>
  fetch(standIn.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json());
const standInRequests = () => control('/control/requests');
/** The requests carrying ffmpeg's audio (`honestAudio`, its header names Lavf), not the fixture's. */
const honestRequests = async () =>
  (await standInRequests()).filter((r) => Buffer.from(r.audio, 'base64').includes('Lavf'));
const call = (path, options = {}) => api(path, { ...options, base: server.url });
const d1 = (query) => localSql(stateDir, query)[0] ?? [];
const at = (ms) => ({ 'x-lupa-test-now': String(Math.round(ms)) });

async function researcher() {
  const user = await subscribed('audio-limits', { base: server.url, stateDir });
  return { user, analysisId: (await createAnalysis(user, { tasks: ['T1'], max: 20, base: server.url })).id };
}

/** A participant with an open screen segment and its audio track; `headers` set the clock of both calls. */
async function participant(analysisId, headers = {}) {
  const tab = await participate(analysisId, { base: server.url });
  assert.equal(tab.res.status, 200, tab.res.text);
  assert.equal(tab.res.json.analysisData.transcribe, true);
  const opened = await tab.openSegment({ mimeType: 'video/mp4', headers });
  assert.equal(opened.status, 200, opened.text);
  const audio = await tab.openSegment({ mimeType: 'audio/webm;codecs=opus', track: 'audio', headers });
  assert.equal(audio.status, 200, audio.text);
  return { entryId: tab.entryId, cookie: tab.cookie, segment: opened.json.segment, tab };
}

/** A chunk of `p`'s segment on `track`, with `cookie` (none: no capability); its status and error code. */
async function chunk(p, track, index, bytes, headers, cookie = p.cookie) {
  const tab = new Participation({ entryId: p.entryId, cookie, base: server.url });
  const res = await tab.putChunk(p.segment, index, bytes, undefined, { track, headers });
  return { status: res.status, code: res.json?.code };
}

const screenChunk = (p, index, bytes, endMs, headers) =>
  chunk(p, 'screen', index, bytes, { 'x-lupa-end-ms': String(endMs), ...headers });
const audioChunk = (p, index, bytes, headers = {}, cookie = p.cookie) =>
  chunk(p, 'audio', index, bytes, { 'x-lupa-start-ms': '0', ...headers }, cookie);

const finish = (p) => p.tab.finish();

/** The participation's object's SQLite file (workerd's local store), for the ledger's `meta` row. */
function objectFile(entryId) {
  const folder = join(stateDir, 'v3', 'do', 'lupa-ParticipationLedger');
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.sqlite'))) {
    const db = readStore(join(folder, file));
    try {
      if (db.prepare('SELECT 1 FROM meta WHERE entry_id = ?').get(entryId)) return join(folder, file);
    } catch {
      // An object without tables yet: not this one.
    } finally {
      db.close();
    }
  }
  return undefined;
}

/** The keys under `prefix` in this server's local R2. */
function r2Keys(prefix) {
  const folder = join(stateDir, 'v3', 'r2', 'miniflare-R2BucketObject');
  const file = readdirSync(folder).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  const db = readStore(join(folder, file));
  try {
    return db
      .prepare('SELECT key FROM _mf_objects WHERE substr(key, 1, ?) = ?')
      .all(prefix.length, prefix)
      .map((r) => r.key);
  } finally {
    db.close();
  }
}

/**
 * `seconds` of real Opus audio (the Chromium fixture looped by ffmpeg) cut in ~3 KB chunks, each
 * with the clock a real tab would send it at: `start` plus the audio it holds so far.
 */
function honestAudio(seconds, start) {
  const bytes = opusAudio(join(dir, `audio-${seconds}.webm`), seconds);
  const count = Math.ceil(bytes.length / 3_000);
  return Array.from({ length: count }, (_, i) => ({
    bytes: bytes.subarray(i * 3_000, (i + 1) * 3_000),
    headers: at(start + ((i + 1) * seconds * 1000) / count),
  }));
}

test('audio bytes count against the participation: after a 200 KB screen chunk, 256 KiB audio chunks get 413 once 1 MiB is reached', async () => {
  const { analysisId } = await researcher();
  const p = await participant(analysisId);
  assert.equal((await screenChunk(p, 0, randomBytes(200_000), 1_000)).status, 200);
  const answers = [];
  for (let i = 0; i < 12; i++) answers.push(await audioChunk(p, i, randomBytes(AUDIO_CHUNK_MAX)));
  // 200,000 + 3 × 262,144 = 986,432 bytes: a fourth would pass 1,048,576.
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 200, 200, ...Array(9).fill(413)],
  );
  assert.ok(
    answers.slice(3).every((a) => a.code === 'recording_too_large'),
    JSON.stringify(answers),
  );
  // The audio counted for the screen too: 100 KB no longer fits.
  const screen = await screenChunk(p, 1, randomBytes(100_000), 2_000);
  assert.equal(screen.status, 413);
  assert.equal(screen.code, 'recording_too_large');
  // A retry of a stored audio chunk is not counted twice.
  assert.equal((await audioChunk(p, 2, randomBytes(AUDIO_CHUNK_MAX))).status, 200);
});

test('parallel audio chunks cannot pass the size limit together', async () => {
  const { analysisId } = await researcher();
  const p = await participant(analysisId);
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => audioChunk(p, i, randomBytes(AUDIO_CHUNK_MAX))),
  );
  // 4 × 262,144 = 1 MiB exactly: a fifth never fits, whatever the order they arrive in.
  assert.equal(answers.filter((a) => a.status === 200).length, 4, JSON.stringify(answers));
  assert.equal(
    answers.filter((a) => a.status === 413 && a.code === 'recording_too_large').length,
    4,
    JSON.stringify(answers),
  );
});

test('one audio chunk is at most 256 KiB', async () => {
  const { analysisId } = await researcher();
  const p = await participant(analysisId);
  assert.equal((await audioChunk(p, 0, randomBytes(AUDIO_CHUNK_MAX))).status, 200);
  assert.equal((await audioChunk(p, 1, randomBytes(AUDIO_CHUNK_MAX + 1))).status, 413);
});

test('the server clock bounds the audio as it bounds the screen: 413 once 2 h 10 min have passed since the segment opened', async () => {
  const { analysisId } = await researcher();
  const start = Date.now();
  const p = await participant(analysisId, at(start));
  const chunk = FIXTURE_AUDIO.subarray(0, 2_000);
  assert.equal(
    (await audioChunk(p, 0, chunk, at(start + 130 * MINUTE))).status,
    200,
    "recorded offline before the limit, arriving late: still the participant's",
  );
  const late = await audioChunk(p, 1, chunk, at(start + 130 * MINUTE + 1));
  assert.equal(late.status, 413);
  assert.equal(late.code, 'recording_too_long');
});

test("what the tab declares bounds the audio as the screen's declared end does: audio placed past 2 h on the timeline gets 413", async () => {
  const { analysisId } = await researcher();
  const p = await participant(analysisId);
  // The first capture declares 100 minutes; a reload opens segment 2 there on the timeline.
  assert.equal((await screenChunk(p, 0, randomBytes(10_000), 100 * MINUTE)).status, 200);
  const reopened = await p.tab.openSegment({ mimeType: 'video/mp4' });
  assert.equal(reopened.status, 200, reopened.text);
  const second = { ...p, segment: reopened.json.segment };
  const chunk = FIXTURE_AUDIO.subarray(0, 2_000);
  assert.equal(
    (await audioChunk(second, 0, chunk, { 'x-lupa-start-ms': String(20 * MINUTE) })).status,
    200,
    'audio from 100 + 20 minutes: at the limit',
  );
  const past = await audioChunk(second, 1, chunk, { 'x-lupa-start-ms': String(20 * MINUTE + 1) });
  assert.equal(past.status, 413);
  assert.equal(past.code, 'recording_too_long');
});

test('the count of chunks: audio chunks count towards the 30,000 of a participation', async () => {
  const { analysisId } = await researcher();
  const p = await participant(analysisId);
  const chunk = FIXTURE_AUDIO.subarray(0, 2_000);
  assert.equal((await audioChunk(p, 0, chunk)).status, 200);
  // 29,999 chunks are far too many to send here: the ledger is told it has them (its local file).
  const file = objectFile(p.entryId);
  assert.ok(file, 'the object has its ledger');
  const db = new DatabaseSync(file, { timeout: 10_000 });
  try {
    const { chunk_count: counted } = db.prepare('SELECT chunk_count FROM meta').get();
    assert.equal(counted, 1, 'the stored audio chunk is counted');
    db.prepare('UPDATE meta SET chunk_count = 29999').run();
  } finally {
    db.close();
  }
  assert.equal((await audioChunk(p, 1, chunk)).status, 200, 'the 30,000th');
  const over = await audioChunk(p, 2, chunk);
  assert.equal(over.status, 413);
  assert.equal(over.code, 'too_many_chunks');
  const screen = await screenChunk(p, 0, randomBytes(10_000), 1_000);
  assert.equal(screen.code, 'too_many_chunks', 'the screen shares the count');
});

test("audio chunks need the participation's own capability", async () => {
  const { analysisId } = await researcher();
  const p = await participant(analysisId);
  const other = await participant(analysisId);
  const chunk = FIXTURE_AUDIO.subarray(0, 2_000);
  assert.equal((await audioChunk(p, 0, chunk, {}, null)).status, 403);
  assert.equal((await audioChunk(p, 0, chunk, {}, other.cookie)).status, 403);
  assert.equal((await audioChunk(p, 0, chunk)).status, 200);
});

/**
 * An audio-only WebM whose blocks claim `clusters` × 30 s: the fixture's header, then one Cluster
 * a block, each 30 s after the last, each block one 20 ms Opus frame of silence (about 20 bytes a
 * window).
 */
function hoursOfClaims(clusters) {
  const header = FIXTURE_AUDIO.subarray(0, FIXTURE_AUDIO.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])));
  const parts = [header];
  for (let i = 0; i < clusters; i++) {
    const time = Buffer.alloc(4);
    time.writeUInt32BE(i * 30_000);
    parts.push(Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x84]), time);
    parts.push(Buffer.from([0xa3, 0x87, 0x81, 0x00, 0x00, 0x80, 0xf8, 0xff, 0xfe]));
  }
  return Buffer.concat(parts);
}

test('a WebM whose blocks claim hours in seconds of recording sends only the windows the server clock allows', async () => {
  await control('/control/reset', {});
  const { user, analysisId } = await researcher();
  const p = await participant(analysisId);
  // 2,000 windows claimed (16 h 40 min) in 46 KB, sent a moment after the segment opened.
  const claims = hoursOfClaims(2_000);
  assert.ok(claims.length < AUDIO_CHUNK_MAX);
  assert.equal((await audioChunk(p, 0, claims)).status, 200);
  assert.equal((await screenChunk(p, 0, SCREEN, 5_000)).status, 200);
  await finish(p);
  let last;
  const complete = await until(
    async () => {
      last = await call(`/api/v1/entry/${p.entryId}/transcript`, { cookie: user.cookie });
      return last.json?.status === 'complete';
    },
    { timeoutMs: 60_000, everyMs: 250 },
  );
  const requests = await standInRequests();
  // A few seconds on the server's clock: its first window and one of margin (ADR 0018).
  assert.ok(requests.length <= 2, `${requests.length} windows were sent to the speech service`);
  assert.ok(d1(`SELECT COUNT(*) AS n FROM transcript_windows WHERE entry_id = ${q(p.entryId)}`)[0].n <= 2);
  assert.ok(complete, `the transcript completes with what was allowed: ${last?.text}`);
});

test('a participant who leaves while the speech service answers leaves no transcript behind', async () => {
  await control('/control/reset', {});
  await control('/control', { delayMs: 4_000 });
  const { user, analysisId } = await researcher();
  const start = Date.now();
  const p = await participant(analysisId, at(start));
  // 75 s of audio, sent as a tab would have: two windows are closed while recording.
  for (const [i, { bytes, headers }] of honestAudio(75, start).entries())
    assert.equal((await audioChunk(p, i, bytes, headers)).status, 200);
  assert.ok(
    await until(async () => (await honestRequests()).length > 0, { timeoutMs: 40_000, everyMs: 100 }),
    'the alarm sends the closed windows',
  );
  // The alarm awaits the speech service now: the participant leaves.
  const left = await call(`/api/v1/analysisEntry/${p.entryId}`, { method: 'DELETE', cookie: p.cookie });
  assert.equal(left.status, 200, left.text);
  // The speech service answers 4 s after it was asked; the round is over once every answer is in.
  const asked = (await honestRequests()).at(-1).at;
  await new Promise((r) => setTimeout(r, Math.max(0, asked + 4_000 - Date.now()) + 3_000));
  assert.deepEqual(d1(`SELECT window_index FROM transcript_windows WHERE entry_id = ${q(p.entryId)}`), []);
  const found = await call(`/api/v1/analysis/${analysisId}/transcript-search?q=boton`, { cookie: user.cookie });
  assert.equal(found.status, 200, found.text);
  assert.deepEqual(found.json.results, []);
});

test('turning transcription off stops it for a participation in progress: nothing more is sent or kept', async () => {
  await control('/control/reset', {});
  await control('/control', { delayMs: 50 });
  const { user, analysisId } = await researcher();
  const start = Date.now();
  const p = await participant(analysisId, at(start));
  const audio = honestAudio(75, start);
  // The first 20 s of audio close no 30 s window, so the object's alarm has nothing to send yet,
  // however slowly the chunks go (on a loaded machine the whole 75 s took long enough for the
  // alarm to send the first window before the researcher's change).
  const before = Math.floor((audio.length * 20) / 75);
  for (const [i, { bytes, headers }] of audio.slice(0, before).entries())
    assert.equal((await audioChunk(p, i, bytes, headers)).status, 200);
  // The researcher turns it off.
  const off = await call(`/api/v1/analysis/${analysisId}`, {
    method: 'PATCH',
    cookie: user.cookie,
    body: {
      name: 'Audio',
      url: 'example.com',
      maxNumberOfParticipants: 20,
      scenario: 'S',
      tasks: [{ taskType: 'text', taskContent: 'T1' }],
      device: 'computer',
      transcription: { enabled: false },
    },
  });
  assert.equal(off.status, 200, off.text);
  // The rest of the audio: taken until the object hears of the change, refused from then on.
  for (let i = before; i < audio.length; i++) {
    const sent = await audioChunk(p, i, audio[i].bytes, audio[i].headers);
    assert.ok(sent.status === 200 || sent.code === 'transcription_off', `${sent.status} ${sent.code}`);
  }
  const prefix = `analyses/${analysisId}/entries/${p.entryId}/`;
  // The object hears of it on its next round and drops the audio it kept for the transcript.
  const dropped = await until(async () => r2Keys(prefix).every((k) => !k.includes('audio-chunks')), {
    timeoutMs: 40_000,
    everyMs: 250,
  });
  assert.ok(dropped, `${r2Keys(prefix).filter((k) => k.includes('audio-chunks')).length} audio copies are still there`);
  assert.deepEqual(await honestRequests(), [], 'no window left the worker');
  const more = await audioChunk(p, audio.length, audio[0].bytes, audio.at(-1).headers);
  assert.equal(more.status, 409);
  assert.equal(more.code, 'transcription_off');
  assert.equal((await screenChunk(p, 0, SCREEN, 5_000)).status, 200);
  await finish(p);
  await new Promise((r) => setTimeout(r, 1_500));
  assert.deepEqual(await honestRequests(), []);
  assert.deepEqual(d1(`SELECT window_index FROM transcript_windows WHERE entry_id = ${q(p.entryId)}`), []);
});
