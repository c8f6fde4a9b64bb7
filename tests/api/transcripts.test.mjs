// Transcripts (ADR 0018) against the real worker, D1, R2 and the participation's Durable Object,
// with the test server's speech-to-text provider pointed at a stand-in for Workers AI's REST
// endpoint (scripts/lib/whisper-stand-in.mjs, LUPA_STT_URL). Audio is real: Chromium's fake
// microphone recorded as `audio/webm;codecs=opus` (edge-worker/core/fixtures/record-audio.mjs),
// sent in the chunks the tab produced. Checked: the analysis setting; the requests the stand-in
// receives (documented shape, decodable audio); fixture words on the recording's timeline across
// two segments; the 429 retry; Finish not waiting; transcription off sends nothing; the views
// (JSON, VTT, text), the search, and deletion. A server of its own with the provider off answers
// 'unavailable'.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/lib/dev-server.mjs';
import { api, BASE, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { createAnalysis, owner as subscribed, Participation } from '../lib/test-app.mjs';
import { complete, participate, r2Keys, recordSegment, submit, until } from './recording.mjs';
import { parseCsv } from './insights-helpers.mjs';
import { opusAudio } from '../../scripts/lib/opus-audio.mjs';

const STT = process.env.LUPA_STT_URL;
const fixtures = new URL('../../edge-worker/core/fixtures/', import.meta.url);
const AUDIO = [1, 2].map((n) => ({
  bytes: readFileSync(new URL(`chromium-audio-${n}.webm`, fixtures)),
  sizes: JSON.parse(readFileSync(new URL(`chromium-audio-${n}.chunks.json`, fixtures), 'utf8')),
}));
const SCREEN = readFileSync(new URL('chromium.mp4', fixtures));
const dir = mkdtempSync(join(tmpdir(), 'lupa-transcripts-'));

const control = (path, body) =>
  fetch(STT + path, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json());
const standInRequests = () => control('/control/requests');

before(async () => {
  assert.ok(STT, 'LUPA_STT_URL: the test server runs with the Whisper stand-in (scripts/run-tests.mjs)');
});
after(() => rmSync(dir, { recursive: true, force: true }));

const owner = (base = BASE, stateDir = process.env.LUPA_STATE_DIR) => subscribed('transcripts', { base, stateDir });

const body = (extra = {}) => ({
  name: 'Transcripciones',
  url: 'example.com',
  maxNumberOfParticipants: 10,
  scenario: 'S',
  tasks: [
    { taskType: 'text', taskContent: 'T1' },
    { taskType: 'text', taskContent: 'T2' },
  ],
  device: 'computer',
  ...extra,
});

const analysis = (user, extra) => createAnalysis(user, body(extra));

/**
 * Sends a recorded audio file as the tab does: its own chunks, in order, to `segment`. `clock`,
 * when given, is the server's clock for chunk `index` (`x-lupa-test-now`): audio longer than the
 * few seconds a test takes to send it must say when a tab would have sent it, since the windows
 * a track may send follow the server's clock (ADR 0018, "Ceilings").
 */
function sendAudio(entryId, cookie, segment, audio, startMs, base = BASE, clock = undefined) {
  return new Participation({ entryId, cookie, base }).putAudio(segment, audio, startMs, { clock });
}

const STEPS = [
  { index: 0, atMs: 0 },
  { index: 1, atMs: 100 },
  { index: 2, atMs: 200 },
  { index: 3, atMs: 9_000 },
];

/**
 * A participation of two segments (5 s and 3 s of screen), each with its audio track, completed
 * and submitted; returns the entry, the cookie and how long the submit took.
 */
async function recordTwoSegments(analysisId) {
  const { entryId, cookie, res } = await participate(analysisId);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.analysisData.transcribe, true, 'the tab is told to record the microphone for transcription');
  const first = await recordSegment(entryId, cookie, SCREEN, { mimeType: 'video/mp4', msPerChunk: 5_000 });
  // The recorder's audio track asks where its chunks go: the newest screen segment (nothing opens).
  const audioOpen = await client.entrySegmentOpen(entryId, {
    cookie,
    body: { mimeType: 'audio/webm;codecs=opus', track: 'audio' },
  });
  assert.equal(audioOpen.status, 200, audioOpen.text);
  assert.equal(audioOpen.json.segment, first);
  for (const sent of await sendAudio(entryId, cookie, first, AUDIO[0], 150))
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
  // A reload: the second capture is segment 2, after the first's 5 s on the timeline.
  const second = await recordSegment(entryId, cookie, SCREEN, { mimeType: 'video/mp4', msPerChunk: 3_000 });
  for (const sent of await sendAudio(entryId, cookie, second, AUDIO[1], 200))
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
  const done = await complete(entryId, cookie, { steps: STEPS });
  assert.equal(done.status, 200, done.text);
  assert.equal(done.json.durationMs, 8_000);
  const started = performance.now();
  const sent = await submit(entryId, cookie);
  const submitMs = performance.now() - started;
  assert.equal(sent.status, 200, sent.text);
  return { entryId, cookie, submitMs };
}

const transcript = (user, entryId) => client.transcriptGet(entryId, { cookie: user.cookie });
async function completeTranscript(user, entryId, timeoutMs = 30_000) {
  let last;
  const done = await until(
    async () => {
      last = await transcript(user, entryId);
      return last.json?.status === 'complete';
    },
    { timeoutMs, everyMs: 250 },
  );
  assert.ok(done, `the transcript never completed: ${last?.text}`);
  return last;
}

/** What ffprobe decodes from a window the stand-in received: codec and packets. */
function probe(base64, name) {
  const file = join(dir, name);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-count_packets',
    '-show_entries',
    'stream=codec_name,nb_read_packets',
    '-of',
    'json',
    file,
  ]).toString();
  return JSON.parse(out).streams[0];
}

test('the setting: on in Spanish by default, kept on edit when missing, a bad language is 422', async () => {
  const user = await owner();
  const made = await analysis(user);
  assert.deepEqual(made.transcription, { enabled: true, language: 'es', summaries: true });
  const edit = (extra) => client.analysisUpdate(made.id, { cookie: user.cookie, body: body(extra) });
  assert.deepEqual((await edit({ transcription: { language: 'en' } })).json.analysisData.transcription, {
    enabled: true,
    language: 'en',
    summaries: true,
  });
  assert.deepEqual(
    (await edit({})).json.analysisData.transcription,
    { enabled: true, language: 'en', summaries: true },
    'missing: unchanged',
  );
  assert.deepEqual((await edit({ transcription: { enabled: false } })).json.analysisData.transcription, {
    enabled: false,
    language: 'en',
    summaries: true,
  });
  assert.deepEqual((await client.analysisGet(made.id, { cookie: user.cookie })).json.analysisData.transcription, {
    enabled: false,
    language: 'en',
    summaries: true,
  });
  const bad = await edit({ transcription: { enabled: true, language: 'fr' } });
  assert.equal(bad.status, 422);
  assert.equal(bad.json.message, "El idioma de la transcripción debe ser 'es' o 'en'");
  const notBool = await client.analysisCreate({
    cookie: user.cookie,
    body: body({ transcription: { enabled: 'sí' } }),
  });
  assert.equal(notBool.status, 422);
  const off = await analysis(user, { transcription: { enabled: false, language: 'en' } });
  assert.deepEqual(off.transcription, { enabled: false, language: 'en', summaries: true });
  const list = await client.analysisList({ cookie: user.cookie });
  assert.ok(list.json.analyses.every((a) => a.transcription && typeof a.transcription.enabled === 'boolean'));
});

test('real audio windows reach the provider in the documented shape; fixture words land on the recording timeline across segments', async () => {
  await control('/control/reset', {});
  await control('/control', { delayMs: 300 });
  const user = await owner();
  const { id } = await analysis(user);
  const { entryId, submitMs } = await recordTwoSegments(id);
  assert.ok(submitMs < 3_000, `submit took ${submitMs} ms`);
  const done = await completeTranscript(user, entryId);
  const requests = await standInRequests();
  assert.equal(requests.length, 2, 'one window per segment (each under 30 s)');
  for (const [i, r] of requests.entries()) {
    assert.equal(r.path, '/client/v4/accounts/stand-in-account/ai/run/@cf/openai/whisper-large-v3-turbo');
    assert.equal(r.authorization, 'Bearer stand-in-token');
    assert.match(r.contentType, /^application\/json/);
    assert.deepEqual(r.keys, ['audio', 'language']);
    assert.equal(r.language, 'es');
    const stream = probe(r.audio, `window-${i}.webm`);
    assert.equal(stream.codec_name, 'opus');
    assert.ok(Number(stream.nb_read_packets) > 20, `window ${i} decodes (${stream.nb_read_packets} packets)`);
  }
  // The whole audio of both segments was sent: every packet of each file is in its window.
  const packets = requests
    .map((r, i) => Number(probe(r.audio, `count-${i}.webm`).nb_read_packets))
    .sort((a, b) => a - b);
  const whole = AUDIO.map((a, i) => {
    writeFileSync(join(dir, `whole-${i}.webm`), a.bytes);
    return Number(
      JSON.parse(
        execFileSync('ffprobe', [
          '-v',
          'error',
          '-count_packets',
          '-show_entries',
          'stream=nb_read_packets',
          '-of',
          'json',
          join(dir, `whole-${i}.webm`),
        ]).toString(),
      ).streams[0].nb_read_packets,
    );
  }).sort((a, b) => a - b);
  assert.deepEqual(packets, whole);

  const { lines, language } = done.json;
  assert.equal(language, 'es');
  assert.equal(lines.length, 4);
  // Segment 1's audio starts 150 ms into its screen file: "No" at 12.3 s of its window is 12 450.
  // Segment 2 starts after segment 1's 5 000 ms and its audio 200 ms in: 5 000 + 200 + 12 300.
  assert.deepEqual(
    lines.map((l) => l.start_ms),
    [650, 5_700, 12_450, 17_500],
  );
  assert.deepEqual(lines[3].words[0], { start_ms: 17_500, end_ms: 17_700, word: 'No' });
  assert.equal(lines[3].text, 'No encuentro el botón de pagar.');
  // Tasks from the step marks: task 1 from 200 ms, task 2 from 9 000 ms.
  assert.deepEqual(
    lines.map((l) => l.task_number),
    [1, 1, 2, 2],
  );

  const vtt = await fetch(`${BASE}/api/v1/entry/${entryId}/transcript.vtt`, { headers: { cookie: user.cookie } });
  assert.equal(vtt.status, 200);
  assert.match(vtt.headers.get('content-type'), /^text\/vtt/);
  assert.match(vtt.headers.get('content-disposition'), /^attachment; filename="transcripcion-.+\.vtt"$/);
  assert.match(await vtt.text(), /^WEBVTT\n\n00:00:00\.650 --> 00:00:03\.350\nVale, ahora busco el carrito\.\n/);
  const txt = await fetch(`${BASE}/api/v1/entry/${entryId}/transcript.txt`, { headers: { cookie: user.cookie } });
  assert.match(txt.headers.get('content-type'), /^text\/plain/);
  assert.match(txt.headers.get('content-disposition'), /^attachment/);
  assert.equal((await txt.text()).split('\n')[3], '[00:17] No encuentro el botón de pagar.');

  // The CSV export gains a last column: what was said during each task.
  const rows = parseCsv((await client.analysisExport(id, { cookie: user.cookie })).text);
  assert.equal(rows[0].at(-1), 'transcript');
  const said = rows.filter((r) => r[0] === 'task' && r[1] === entryId).map((r) => [r[4], r.at(-1)]);
  assert.deepEqual(said, [
    ['1', `${lines[0].text} ${lines[1].text}`],
    ['2', `${lines[2].text} ${lines[3].text}`],
  ]);
  assert.ok(
    rows.every((r) => r.length === rows[0].length),
    'every row has every column',
  );
  assert.equal(rows.filter((r) => r[0] === 'transcript').length, 0, 'nothing was said outside the tasks');

  // Search, case- and accent-insensitive, across the analysis.
  const found = await api(`/api/v1/analysis/${id}/transcript-search?q=${encodeURIComponent('BOTON de')}`, {
    cookie: user.cookie,
  });
  assert.equal(found.status, 200, found.text);
  assert.equal(found.json.results.length, 2);
  assert.deepEqual(found.json.results[1], {
    entry_id: entryId,
    participant: 'Participante 1',
    task_number: 2,
    start_ms: 17_500,
    before: 'No encuentro el ',
    match: 'botón de',
    after: ' pagar.',
  });
  for (const bad of ['a', 'x'.repeat(101), '']) {
    const res = await api(`/api/v1/analysis/${id}/transcript-search?q=${encodeURIComponent(bad)}`, {
      cookie: user.cookie,
    });
    assert.equal(res.status, 422, bad);
  }
  assert.equal(
    (await api(`/api/v1/analysis/${id}/transcript-search?q=zzzz`, { cookie: user.cookie })).json.results.length,
    0,
  );
  // The longest query, of characters that take four bytes: no pattern the database refuses (it was
  // a LIKE, and D1 answered 'pattern too complex', a 500, past about 50 bytes; ADR 0020). And
  // what a LIKE would read as wildcards are letters.
  for (const long of ['🙂'.repeat(100), 'botón%', '_']) {
    const res = await api(`/api/v1/analysis/${id}/transcript-search?q=${encodeURIComponent(long)}`, {
      cookie: user.cookie,
    });
    assert.equal(res.status, long === '_' ? 422 : 200, long);
    if (res.status === 200) assert.equal(res.json.results.length, 0, long);
  }

  // The audio copies go once the transcript is stored; deleting the recording deletes its transcript.
  assert.ok(
    await until(async () =>
      (await r2Keys(`analyses/${id}/entries/${entryId}/`)).every((k) => !k.includes('audio-chunks')),
    ),
    'the audio copies are deleted',
  );
  assert.equal((await client.entryDelete(entryId, { cookie: user.cookie })).status, 200);
  assert.equal((await transcript(user, entryId)).status, 404);
  assert.deepEqual(await sql(`SELECT entry_id FROM transcript_windows WHERE entry_id = ${q(entryId)}`), []);
});

test('a rate-limited window is retried with backoff and the transcript completes; Finish does not wait for it', async () => {
  await control('/control/reset', {});
  await control('/control', { delayMs: 2_000, fail429: 1 });
  const user = await owner();
  const { id } = await analysis(user, { transcription: { language: 'en' } });
  const { entryId, submitMs } = await recordTwoSegments(id);
  // The stand-in takes 2 s a window; the submit's answer never waits for one.
  assert.ok(submitMs < 1_500, `submit took ${submitMs} ms`);
  const early = await transcript(user, entryId);
  assert.ok(['pending', 'partial'].includes(early.json.status), early.text);
  const done = await completeTranscript(user, entryId, 40_000);
  assert.equal(done.json.lines.length, 4);
  const requests = await standInRequests();
  assert.equal(requests.length, 3, 'two windows, one of them twice (the 429)');
  assert.ok(requests.every((r) => r.language === 'en'));
});

/** `seconds` of Opus audio in WebM made from the Chromium fixture by ffmpeg, cut in ~3 KB chunks. */
function longAudio(seconds) {
  const bytes = opusAudio(join(dir, `long-${seconds}.webm`), seconds);
  const sizes = Array.from({ length: Math.ceil(bytes.length / 3_000) }, (_, i) =>
    Math.min(3_000, bytes.length - i * 3_000),
  );
  return { bytes, sizes };
}

test('windows are transcribed while the participant records: after Finish only the last one is sent', async () => {
  await control('/control/reset', {});
  await control('/control', { delayMs: 300 });
  const user = await owner();
  const { id } = await analysis(user);
  const { entryId, cookie, res } = await participate(id);
  assert.equal(res.status, 200, res.text);
  const started = Date.now();
  const segment = await recordSegment(entryId, cookie, SCREEN, { mimeType: 'video/mp4', msPerChunk: 5_000 });
  // 75 s of audio: two windows of 30 s are closed by later blocks, the third is still open. Each
  // chunk arrives, on the server's clock, when a tab recording it would have sent it.
  const audio = longAudio(75);
  const clock = (index) => started + ((index + 1) * 75_000) / audio.sizes.length;
  for (const sent of await sendAudio(entryId, cookie, segment, audio, 0, BASE, clock))
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
  // The object sends the closed windows one after the other: wait for lines of both (lines of
  // the first alone used to be taken for both, and under load the second was not sent yet).
  let early;
  const partial = await until(
    async () => {
      early = await transcript(user, entryId);
      const lines = early.json?.lines ?? [];
      return lines.some((line) => line.start_ms - lines[0].start_ms >= 30_000);
    },
    { timeoutMs: 40_000, everyMs: 500 },
  );
  assert.ok(partial, `the closed windows were not transcribed while recording: ${early?.text}`);
  early = await transcript(user, entryId);
  assert.equal(early.json.status, 'partial');
  const whileRecording = await standInRequests();
  assert.equal(whileRecording.length, 2, 'the two closed windows, not the open one');
  const perWindow = early.json.lines.length / 2;
  // The second window starts where the first ended, about 30 s into the audio.
  const second = early.json.lines[perWindow].start_ms - early.json.lines[0].start_ms;
  assert.ok(second >= 30_000 && second < 31_000, `second window at +${second} ms`);

  assert.equal((await complete(entryId, cookie, { steps: STEPS })).status, 200);
  assert.equal((await submit(entryId, cookie)).status, 200);
  const done = await completeTranscript(user, entryId);
  const requests = await standInRequests();
  assert.equal(requests.length, 3, 'after Finish, only the last window');
  assert.equal(done.json.lines.length, perWindow * 3);
  assert.ok(done.json.lines.at(-1).start_ms > 60_000, 'the last window is the audio after 60 s');
  // No window is doubled: each was stored once, in order on the timeline.
  const starts = done.json.lines.map((l) => l.start_ms);
  assert.deepEqual(
    starts,
    [...starts].sort((a, b) => a - b),
  );
});

test('with transcription off nothing is recorded for it and no request leaves the worker', async () => {
  await control('/control/reset', {});
  const user = await owner();
  const { id } = await analysis(user, { transcription: { enabled: false } });
  const { entryId, cookie, res } = await participate(id);
  assert.equal(res.json.analysisData.transcribe, false);
  const segment = await recordSegment(entryId, cookie, SCREEN, { mimeType: 'video/mp4', msPerChunk: 2_000 });
  const audioOpen = await client.entrySegmentOpen(entryId, {
    cookie,
    body: { mimeType: 'audio/webm;codecs=opus', track: 'audio' },
  });
  // Not transcribed: a well-formed request this participation's settings cannot take (409).
  assert.equal(audioOpen.status, 409);
  assert.equal(audioOpen.json.code, 'transcription_off');
  const [refused] = await sendAudio(entryId, cookie, segment, AUDIO[0], 0);
  assert.equal(refused.status, 409);
  assert.equal(refused.json.code, 'transcription_off');
  assert.equal((await complete(entryId, cookie)).status, 200);
  assert.equal((await submit(entryId, cookie)).status, 200);
  await new Promise((r) => setTimeout(r, 1_500));
  assert.deepEqual(await standInRequests(), []);
  const read = await transcript(user, entryId);
  assert.deepEqual(read.json, { status: 'disabled', language: 'es', lines: [] });
});

test('a stranger gets 404 and no session 401 on every transcript route', async () => {
  const user = await owner();
  const stranger = await owner();
  const { id } = await analysis(user, { transcription: { enabled: false } });
  const { entryId, cookie } = await participate(id);
  await recordSegment(entryId, cookie, SCREEN, { mimeType: 'video/mp4' });
  for (const path of [
    `/entry/${entryId}/transcript`,
    `/entry/${entryId}/transcript.vtt`,
    `/entry/${entryId}/transcript.txt`,
    `/analysis/${id}/transcript-search?q=hola`,
  ]) {
    assert.equal((await api(`/api/v1${path}`, { cookie: stranger.cookie })).status, 404, path);
    assert.equal((await api(`/api/v1${path}`)).status, 401, path);
    assert.equal((await api(`/api/v1${path}`, { cookie: user.cookie })).status, 200, path);
  }
});

test('a server without a provider says the transcript is unavailable and takes no audio', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'lupa-stt-off-'));
  const server = await startServer({ stateDir });
  try {
    const user = await owner(server.url, stateDir);
    const made = await createAnalysis(user, { ...body(), base: server.url });
    assert.deepEqual(
      made.transcription,
      { enabled: true, language: 'es', summaries: true },
      'the setting is kept even where it cannot run',
    );
    const p = await participate(made.id, { base: server.url });
    assert.equal(p.res.json.analysisData.transcribe, false);
    const opened = await p.openSegment({ mimeType: 'video/mp4' });
    assert.equal(opened.status, 200);
    const [refused] = await p.putAudio(1, AUDIO[0], 0);
    assert.equal(refused.status, 409);
    const read = (await client.transcriptGet(p.entryId, { cookie: user.cookie, base: server.url })).json;
    assert.deepEqual(read, { status: 'unavailable', language: 'es', lines: [] });
  } finally {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
});
