// Camera recordings, participant numbers and thumbnails (ADR 0008) against the real
// worker, D1 and R2: the analysis setting, a camera track through the durable chunk pipeline that
// ffprobe reads as a seekable video, 'Participante N' that survives deletions, the participations
// table's statuses, the thumbnail route's limits, and deletion of camera and thumbnail objects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, client } from './helpers.mjs';
import { createAnalysis, owner as subscribed, Participation } from '../lib/test-app.mjs';
import {
  at,
  complete,
  ledgerOf,
  openCameraSegment,
  openSegment,
  openUploads,
  participate,
  putChunk,
  r2Keys,
  recordSegment,
  submit,
  until,
} from './recording.mjs';

const MIB = 1024 * 1024;
const MINUTE = 60_000;
const fixtures = new URL('../../edge-worker/core/fixtures/', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'lupa-camera-'));
const prefixOf = (analysisId, entryId) => `analyses/${analysisId}/entries/${entryId}/`;

/** A camera-like video: 320×240 test pattern, 3 s, VP8 at 250 kbit/s, no audio (what the tab records). */
function cameraVideo() {
  const file = join(dir, 'camera.webm');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15',
    '-t',
    '3',
    '-c:v',
    'libvpx',
    '-b:v',
    '250k',
    '-f',
    'webm',
    file,
  ]);
  return readFileSync(file);
}

/** A 320 px wide JPEG, like the thumbnail the tab takes. */
function jpeg() {
  return execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x180',
    '-frames:v',
    '1',
    '-f',
    'mjpeg',
    'pipe:1',
  ]);
}
// Made once, before any request (see the camera track test for why ffmpeg runs before requests).
const JPEG = jpeg();

/** What ffprobe reads in `bytes`: stream types and the duration in seconds. */
function probe(bytes, name) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type:format=duration',
    '-of',
    'json',
    file,
  ]).toString();
  const json = JSON.parse(out);
  return { streams: json.streams.map((s) => s.codec_type), seconds: Number(json.format.duration) };
}

const owner = () => subscribed('camera');

const body = (extra = {}) => ({
  name: 'Cámara',
  url: 'example.com',
  maxNumberOfParticipants: 10,
  scenario: 'S',
  tasks: [{ taskType: 'text', taskContent: 'T1' }],
  device: 'computer',
  ...extra,
});

const analysis = async (user, extra) => (await createAnalysis(user, body(extra))).id;

const putThumbnail = (entryId, cookie, bytes, headers = {}) =>
  new Participation({ entryId, cookie }).putThumbnail(bytes, headers);

test('the camera setting: off by default, kept on edit when missing, anything else refused in Spanish', async () => {
  const user = await owner();
  const plain = await analysis(user);
  assert.equal((await client.analysisGet(plain, { cookie: user.cookie })).json.analysisData.camera, 'off');

  const required = await analysis(user, { camera: 'required' });
  const edited = await client.analysisUpdate(required, { cookie: user.cookie, body: body({ name: 'Otro nombre' }) });
  assert.equal(edited.status, 200, edited.text);
  assert.equal(edited.json.analysisData.camera, 'required', 'an edit without the field keeps the setting');
  const optional = await client.analysisUpdate(required, { cookie: user.cookie, body: body({ camera: 'optional' }) });
  assert.equal(optional.json.analysisData.camera, 'optional');
  const list = await client.analysisList({ cookie: user.cookie });
  assert.deepEqual(list.json.analyses.map((a) => a.camera).sort(), ['off', 'optional']);

  for (const bad of ['on', 'Obligatoria', '', 1, true]) {
    const res = await client.analysisCreate({ cookie: user.cookie, body: body({ camera: bad }) });
    assert.ok([400, 422].includes(res.status), `${JSON.stringify(bad)}: ${res.status}`);
    if (typeof bad === 'string') {
      assert.equal(res.status, 400);
      assert.equal(res.json.message, "Por favor, elige una opción de cámara válida: 'off', 'optional' o 'required'");
    }
  }
  const badEdit = await client.analysisUpdate(required, { cookie: user.cookie, body: body({ camera: 'sí' }) });
  assert.equal(badEdit.status, 400);
  assert.equal(
    (await client.analysisGet(required, { cookie: user.cookie })).json.analysisData.camera,
    'optional',
    'a refused edit changes nothing',
  );

  // The participant learns it before taking a place (the permissions step asks for the camera),
  // from participate, and from the resume info.
  const validated = await client.validateParticipation({ body: { analysisId: required } });
  assert.equal(validated.json.success, true);
  assert.equal(validated.json.camera, 'optional');
  const p = await participate(required);
  assert.equal(p.res.json.analysisData.camera, 'optional');
  assert.equal((await client.participationCurrent({ cookie: p.cookie })).json.analysisData.camera, 'optional');
  assert.equal((await participate(plain)).res.json.analysisData.camera, 'off');
});

test('the camera track goes through the chunk pipeline into its own seekable file with a video stream', async () => {
  // Made before the first request: ffmpeg blocks this process for seconds on a loaded machine, and
  // a keep-alive connection the server closes meanwhile would be reused before its close is read.
  const cam = cameraVideo();
  const user = await owner();
  const id = await analysis(user, { camera: 'optional' });
  const { entryId, cookie } = await participate(id);

  assert.equal((await openCameraSegment(entryId, cookie)).status, 409, 'the camera follows a screen segment');
  const screen = await openSegment(entryId, cookie);
  assert.equal(screen.json.segment, 1);
  const bad = await client.entrySegmentOpen(entryId, { cookie, body: { mimeType: 'video/webm', track: 'mic' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.message, "Pista de grabación no válida: usa 'screen' o 'camera'");
  assert.equal(
    (await putChunk(entryId, cookie, 1, 0, randomBytes(10), 100, {}, { track: 'camera' })).status,
    404,
    'no camera segment yet',
  );

  const opened = await openCameraSegment(entryId, cookie);
  assert.equal(opened.status, 200, opened.text);
  assert.deepEqual(opened.json, { segment: 1, chunkMaxBytes: 4 * MIB, recordedMs: 0 });
  assert.deepEqual(
    (await openCameraSegment(entryId, cookie)).json,
    opened.json,
    'opening it again (a retry) is the same segment',
  );

  const screenData = readFileSync(new URL('chromium.mp4', fixtures));
  const size = Math.ceil(cam.length / 3);
  for (let i = 0; i * size < cam.length; i++) {
    const put = await putChunk(
      entryId,
      cookie,
      1,
      i,
      cam.subarray(i * size, (i + 1) * size),
      (i + 1) * 1000,
      { 'x-lupa-start-ms': '180' },
      { track: 'camera' },
    );
    assert.equal(put.status, 200, JSON.stringify(put.json));
  }
  const screenSize = Math.ceil(screenData.length / 3);
  for (let i = 0; i * screenSize < screenData.length; i++) {
    assert.equal(
      (await putChunk(entryId, cookie, 1, i, screenData.subarray(i * screenSize, (i + 1) * screenSize), (i + 1) * 800))
        .status,
      200,
    );
  }
  const prefix = prefixOf(id, entryId);
  assert.ok(
    r2Keys(prefix).includes(`${prefix}segments/1/camera-chunks/000000`),
    'camera chunks are in R2 once acknowledged',
  );

  const done = await complete(entryId, cookie, { durationMs: 2400 });
  assert.equal(done.status, 200, done.text);
  assert.equal(done.json.durationMs, 2400, 'the screen sets the participation length');
  assert.equal((await submit(entryId, cookie)).status, 200);
  // (The screen's seek index, ADR 0009, may appear beside it in the background; the sweep after
  // Finish removes the chunks, which stay until then for live viewers, ADR 0016.)
  const files = () => r2Keys(prefix).filter((key) => !key.endsWith('.sidx'));
  await until(() => files().length === 2);
  assert.deepEqual(
    files(),
    [`${prefix}segments/1/camera.webm`, `${prefix}segments/1/screen.mp4`],
    'complete closed both tracks',
  );

  const entry = await client.entryUrl(entryId, { cookie: user.cookie });
  const [segment] = entry.json.segments;
  assert.match(
    segment.cameraUrl,
    /\/api\/v1\/recordings\/[0-9a-f]{32}\/1\/camera\?expires=\d+&kid=[0-9a-f]{8}&sig=[0-9a-f]{64}$/,
  );
  assert.equal(segment.cameraOffsetMs, 180);
  const page = await client.entryPage(entryId, { cookie: user.cookie });
  assert.equal(page.json.segments[0].cameraUrl.split('?')[0], segment.cameraUrl.split('?')[0]);

  const res = await fetch(segment.cameraUrl);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'video/webm');
  const stored = Buffer.from(await res.arrayBuffer());
  const probed = probe(stored, 'stored-camera.webm');
  assert.deepEqual(probed.streams, ['video']);
  assert.ok(probed.seconds > 2 && probed.seconds < 4, `the camera file has its duration written: ${probed.seconds} s`);
  const range = await fetch(segment.cameraUrl, { headers: { range: 'bytes=1000-1999' } });
  assert.equal(range.status, 206, 'the player can seek in it');
  assert.equal((await range.arrayBuffer()).byteLength, 1000);
  const tampered = segment.cameraUrl.replace('/1/camera?', '/1?');
  assert.equal((await fetch(tampered)).status, 403, 'a camera URL is signed for the camera file');
  assert.equal(
    (await putChunk(entryId, cookie, 1, 9, randomBytes(10), 100, {}, { track: 'camera' })).status,
    403,
    'submitted: no more chunks',
  );
});

test('a camera track is refused when the analysis records none; the camera counts towards the size limit', async () => {
  const user = await owner();
  const off = await analysis(user);
  const { entryId, cookie } = await participate(off);
  await openSegment(entryId, cookie);
  const res = await openCameraSegment(entryId, cookie);
  // A well-formed request this analysis's settings cannot take: 409 (ADR 0020).
  assert.equal(res.status, 409);
  assert.equal(res.json.message, 'Este análisis no graba la cámara');

  const id = await analysis(user, { camera: 'required' });
  const p = await participate(id);
  await openSegment(p.entryId, p.cookie);
  await openCameraSegment(p.entryId, p.cookie);
  assert.equal(
    (await putChunk(p.entryId, p.cookie, 1, 0, randomBytes(5000), 1000, {}, { track: 'camera' })).status,
    200,
  );
  assert.equal(ledgerOf(p.entryId).stored_bytes, 5000, 'camera bytes count towards the participation size');
  assert.equal(
    (await putChunk(p.entryId, p.cookie, 1, 1, randomBytes(100), 2 * 60 * MINUTE + 1, {}, { track: 'camera' })).status,
    413,
    'and its length is bounded like the screen',
  );
});

test('participants are numbered by start; a number is never reused after a deletion', async () => {
  const user = await owner();
  const id = await analysis(user);
  const t0 = Date.now();
  const started = [];
  for (let i = 0; i < 3; i++) started.push(await participate(id, { headers: at(t0 + i * 1000) }));
  const table = async (headers) =>
    (await client.analysisGet(id, { cookie: user.cookie, headers })).json.analysisData.AnalysisEntries;
  assert.deepEqual(
    (await table()).map((e) => e.participantNumber),
    [3, 2, 1],
    'newest first',
  );

  // #3 records and is submitted, then the researcher deletes it; #2 leaves (abandoned).
  await recordSegment(started[2].entryId, started[2].cookie, randomBytes(2000), { chunkSize: 1000 });
  await complete(started[2].entryId, started[2].cookie);
  await submit(started[2].entryId, started[2].cookie);
  assert.equal((await client.entryDelete(started[2].entryId, { cookie: user.cookie })).status, 200);
  await client.entryAbandon(started[1].entryId, { cookie: started[1].cookie });
  const next = await participate(id, { headers: at(t0 + 5000) });
  const rows = await table();
  assert.deepEqual(
    rows.map((e) => [e.id, e.participantNumber]),
    [
      [next.entryId, 4],
      [started[0].entryId, 1],
    ],
  );

  // Concurrent claims never share a number.
  const burst = await Promise.all(Array.from({ length: 4 }, () => participate(id)));
  const numbers = (await table()).map((e) => e.participantNumber).sort((a, b) => a - b);
  assert.deepEqual(numbers, [1, 4, 5, 6, 7, 8], 'unique, and never 2 or 3 again');
  assert.ok(burst.every((b) => b.res.status === 200));
  const page = await client.entryPage(started[0].entryId, { cookie: user.cookie });
  assert.equal(page.status, 404, 'not recorded yet: no entry page');
});

test('the participations table: status (in progress, interrupted, submitted), dates, duration, notes, thumbnail', async () => {
  const user = await owner();
  const id = await analysis(user);
  const t0 = Date.now();
  const quiet = await participate(id, { headers: at(t0) });
  const live = await participate(id, { headers: at(t0 + 1000) });
  await openSegment(live.entryId, live.cookie, { headers: at(t0 + 2000) });
  await putChunk(live.entryId, live.cookie, 1, 0, randomBytes(500), 4000, at(t0 + 5 * MINUTE));
  const sent = await participate(id, { headers: at(t0 + 2000) });
  await recordSegment(sent.entryId, sent.cookie, randomBytes(3000), { chunkSize: 1000, msPerChunk: 2000 });
  await complete(sent.entryId, sent.cookie);
  await submit(sent.entryId, sent.cookie);
  await client.noteCreate(sent.entryId, { cookie: user.cookie, body: { atMs: 100, text: 'Nota' } });
  const image = JPEG;
  assert.equal((await putThumbnail(live.entryId, live.cookie, image)).status, 200);

  const rows = (await client.analysisGet(id, { cookie: user.cookie, headers: at(t0 + 6 * MINUTE) })).json.analysisData
    .AnalysisEntries;
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
  assert.deepEqual(
    rows.map((r) => r.id),
    [sent.entryId, live.entryId, quiet.entryId],
    'newest first',
  );
  assert.equal(byId[quiet.entryId].status, 'interrupted', 'nothing received for minutes');
  assert.equal(byId[live.entryId].status, 'in_progress');
  assert.equal(byId[sent.entryId].status, 'submitted');
  assert.equal(byId[quiet.entryId].createdAt, t0);
  assert.equal(byId[quiet.entryId].updated_at, null);
  assert.equal(typeof byId[sent.entryId].updated_at, 'number');
  assert.equal(byId[sent.entryId].durationMs, 6000);
  assert.equal(byId[live.entryId].durationMs, 4000, 'recorded so far');
  assert.equal(byId[quiet.entryId].durationMs, null);
  assert.equal(byId[sent.entryId].noteCount, 1);
  assert.equal(byId[sent.entryId].thumbnailUrl, null);
  const thumb = await fetch(byId[live.entryId].thumbnailUrl);
  assert.equal(thumb.status, 200);
  assert.equal(thumb.headers.get('content-type'), 'image/jpeg');
  assert.deepEqual(Buffer.from(await thumb.arrayBuffer()), image);
  // Later, the live one went quiet too.
  const later = (await client.analysisGet(id, { cookie: user.cookie, headers: at(t0 + 8 * MINUTE) })).json.analysisData
    .AnalysisEntries;
  assert.equal(later.find((r) => r.id === live.entryId).status, 'interrupted');
});

test('the thumbnail route: a small JPEG from the capability holder only, 4xx for anything else', async () => {
  const user = await owner();
  const id = await analysis(user);
  const { entryId, cookie } = await participate(id);
  const other = await participate(id);
  const image = JPEG;
  const cases = [
    [await putThumbnail(entryId, undefined, image), 403],
    [await putThumbnail(entryId, other.cookie, image), 403],
    [await putThumbnail(entryId, cookie, image, { 'content-type': 'image/png' }), 415],
    [await putThumbnail(entryId, cookie, Buffer.from('\x89PNG\r\n\x1a\nnot a jpeg')), 400],
    [await putThumbnail(entryId, cookie, Buffer.alloc(0)), 400],
    [
      await putThumbnail(
        entryId,
        cookie,
        Buffer.concat([image.subarray(0, 3), randomBytes(300 * 1024), image.subarray(-2)]),
      ),
      413,
    ],
    [await putThumbnail('0'.repeat(32), cookie, image), 404],
    // 0.2 KB whose frame header says 65 535 × 65 535: 16 GiB in the researcher's browser.
    [
      await putThumbnail(
        entryId,
        cookie,
        Buffer.concat([
          image.subarray(0, 2),
          Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0xff, 0xff, 0xff, 0xff, 0x01, 0x01, 0x11, 0x00]),
          image.subarray(2),
        ]),
      ),
      400,
    ],
  ];
  for (const [i, [res, status]] of cases.entries()) {
    assert.equal(res.status, status, `case ${i}: ${JSON.stringify(res.json)}`);
    assert.ok(res.json?.message, `case ${i} says why`);
  }
  assert.equal(cases[2][0].json.message, 'La miniatura debe ser una imagen JPEG');
  assert.equal(cases[7][0].json.code, 'thumbnail_too_many_pixels');

  // A streamed body without a length is refused before it is read.
  const stream = new ReadableStream({
    start(c) {
      c.enqueue(new Uint8Array(image));
      c.close();
    },
  });
  const chunked = await fetch(`${BASE}/api/v1/analysisEntry/${entryId}/thumbnail`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie },
    body: stream,
    duplex: 'half',
  });
  assert.equal(chunked.status, 411);

  assert.equal((await putThumbnail(entryId, cookie, image)).status, 200);
  assert.equal((await putThumbnail(entryId, cookie, image)).status, 200, 'a second one replaces the first');
  const prefix = prefixOf(id, entryId);
  assert.deepEqual(r2Keys(prefix), [`${prefix}thumbnail.jpg`]);
  const [row] = (await client.analysisGet(id, { cookie: user.cookie })).json.analysisData.AnalysisEntries.filter(
    (e) => e.id === entryId,
  );
  const signed = new URL(row.thumbnailUrl);
  assert.equal(
    (await fetch(`${signed.origin}${signed.pathname}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}`)).status,
    403,
    'the URL is signed',
  );
  assert.equal((await fetch(row.thumbnailUrl.replace(entryId, other.entryId))).status, 403, 'for this entry only');
});

test('deleting an entry, leaving and deleting an analysis remove camera and thumbnail objects and uploads', async () => {
  const user = await owner();
  const id = await analysis(user, { camera: 'required' });
  const image = JPEG;

  /** A participation with a thumbnail and a camera track big enough to have an open multipart upload. */
  async function withCamera() {
    const p = await participate(id);
    await openSegment(p.entryId, p.cookie);
    await putChunk(p.entryId, p.cookie, 1, 0, randomBytes(1000), 1000);
    await openCameraSegment(p.entryId, p.cookie);
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await putChunk(p.entryId, p.cookie, 1, i, randomBytes(4 * MIB), (i + 1) * 1000, {}, { track: 'camera' }))
          .status,
        200,
      );
    assert.equal((await putThumbnail(p.entryId, p.cookie, image)).status, 200);
    const prefix = prefixOf(id, p.entryId);
    assert.ok(
      await until(() => openUploads(prefix).length === 1),
      'the camera part 2 was composed into an open upload',
    );
    return { ...p, prefix };
  }

  // Leaving (or the stream stopping) mid-recording.
  const left = await withCamera();
  assert.equal((await client.entryAbandon(left.entryId, { cookie: left.cookie })).status, 200);
  assert.deepEqual(r2Keys(left.prefix), []);
  assert.deepEqual(openUploads(left.prefix), []);

  // The researcher deletes a submitted entry.
  const done = await withCamera();
  assert.equal((await complete(done.entryId, done.cookie)).status, 200);
  assert.equal((await submit(done.entryId, done.cookie)).status, 200);
  const files = () =>
    r2Keys(done.prefix)
      .filter((key) => !key.endsWith('.sidx'))
      .sort();
  await until(() => files().length === 3);
  assert.deepEqual(files(), [
    `${done.prefix}segments/1/camera.webm`,
    `${done.prefix}segments/1/screen.mp4`,
    `${done.prefix}thumbnail.jpg`,
  ]);
  assert.equal((await client.entryDelete(done.entryId, { cookie: user.cookie })).status, 200);
  assert.deepEqual(r2Keys(done.prefix), []);

  // The analysis goes with an unfinished one.
  const open = await withCamera();
  assert.equal((await client.analysisDelete(id, { cookie: user.cookie })).status, 200);
  assert.deepEqual(r2Keys(`analyses/${id}/`), []);
  assert.deepEqual(openUploads(open.prefix), []);
});
