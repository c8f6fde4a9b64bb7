// Seek indexes (ADR 0009) against the real worker, D1 and R2: a Chromium MediaRecorder MP4
// (fragmented, no index) uploaded through the chunk API gets `sidx` boxes once its segment
// closes; the recording URL then serves the file with them spliced in before the first fragment,
// a valid MP4 (ffprobe) whose every Range answer is the matching slice of the whole; the stored
// file itself is untouched, and deleting the entry removes the index with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client } from './helpers.mjs';
import { r2Get, r2Put } from './db.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';
import { complete, participate, r2Keys, recordSegment, submit, until } from './recording.mjs';

const RECORDING = readFileSync(new URL('../../edge-worker/core/fixtures/chromium.mp4', import.meta.url));
/** ~4 s where one fragment has no audio sample: Chromium's audio stopped for 2 s (record.mjs). */
const AUDIO_GAP = readFileSync(new URL('../../edge-worker/core/fixtures/chromium-audio-gap.mp4', import.meta.url));
/** Where MediaRecorder's header (ftyp + moov) ends and the first fragment starts, in the fixture. */
const FIRST_MOOF = 36 + 1164;

async function submittedRecording(recording = RECORDING, durationMs = 2200) {
  const owner = await researcher('seek');
  const analysisId = (await createAnalysis(owner, { name: 'Seek', tasks: ['T1'], max: 2 })).id;
  const { entryId, cookie } = await participate(analysisId);
  await recordSegment(entryId, cookie, recording, { chunkSize: 10_000, mimeType: 'video/mp4;codecs=vp9,opus' });
  assert.equal((await complete(entryId, cookie, { durationMs })).status, 200);
  assert.equal((await submit(entryId, cookie)).status, 200);
  return { owner, analysisId, entryId, prefix: `analyses/${analysisId}/entries/${entryId}/` };
}

const get = (url, range) => fetch(url, { headers: range ? { range } : {} });

/** Each stream's length as ffprobe reads the file (FFmpeg: what Chromium's player reads too). */
function streamLengths(bytes) {
  const file = join(mkdtempSync(join(tmpdir(), 'lupa-seek-')), 'file.mp4');
  writeFileSync(file, bytes);
  const probed = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,duration',
      '-of',
      'json',
      file,
    ]).toString(),
  );
  return Object.fromEntries(probed.streams.map((s) => [s.codec_type, Number(s.duration)]));
}

test('a MediaRecorder MP4 is served with a seek index spliced in, and every Range is a slice of it', async () => {
  const { owner, entryId, prefix } = await submittedRecording();
  assert.ok(
    await until(() => r2Keys(prefix).includes(`${prefix}segments/1/screen.mp4.sidx`)),
    'the index is stored beside the file',
  );

  const entry = await client.entryPage(entryId, { cookie: owner.cookie });
  const url = entry.json.segments[0].url;
  const whole = await get(url);
  assert.equal(whole.status, 200);
  const served = Buffer.from(await whole.arrayBuffer());
  assert.equal(Number(whole.headers.get('content-length')), served.length);
  assert.equal(whole.headers.get('accept-ranges'), 'bytes');

  // The stored bytes, then one sidx per track (video and audio), then the stored bytes again.
  const boxes = served.length - RECORDING.length;
  assert.ok(boxes > 0, 'something was spliced in');
  assert.ok(served.subarray(0, FIRST_MOOF).equals(RECORDING.subarray(0, FIRST_MOOF)));
  assert.equal(served.toString('latin1', FIRST_MOOF + 4, FIRST_MOOF + 8), 'sidx');
  const firstBox = served.readUInt32BE(FIRST_MOOF);
  assert.equal(served.toString('latin1', FIRST_MOOF + firstBox + 4, FIRST_MOOF + firstBox + 8), 'sidx');
  assert.equal(firstBox + served.readUInt32BE(FIRST_MOOF + firstBox), boxes, 'two boxes');
  assert.ok(
    served.subarray(FIRST_MOOF + boxes).equals(RECORDING.subarray(FIRST_MOOF)),
    'the fragments follow unchanged',
  );

  // ffprobe reads the served file as a whole MP4 with its video and its length.
  const file = join(mkdtempSync(join(tmpdir(), 'lupa-seek-')), 'served.mp4');
  writeFileSync(file, served);
  const probed = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type',
      '-of',
      'json',
      file,
    ]).toString(),
  );
  assert.ok(
    probed.streams.some((s) => s.codec_type === 'video'),
    'a video stream',
  );
  assert.ok(
    Number(probed.format.duration) > 1.5 && Number(probed.format.duration) < 3,
    `duration ${probed.format.duration}`,
  );

  // Ranges on and across every seam: each answer is exactly that slice, with its Content-Range.
  const last = served.length - 1;
  const seams = [
    [0, 0],
    [0, FIRST_MOOF - 1],
    [FIRST_MOOF - 1, FIRST_MOOF],
    [FIRST_MOOF, FIRST_MOOF + 9],
    [FIRST_MOOF + 5, FIRST_MOOF + boxes + 5],
    [FIRST_MOOF + boxes - 1, FIRST_MOOF + boxes],
    [FIRST_MOOF + boxes, last],
    [10, last],
    [last, last],
  ];
  for (const [start, end] of seams) {
    const part = await get(url, `bytes=${start}-${end}`);
    assert.equal(part.status, 206, `${start}-${end}`);
    assert.equal(part.headers.get('content-range'), `bytes ${start}-${end}/${served.length}`);
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(served.subarray(start, end + 1)), `bytes ${start}-${end}`);
  }
  const open = await get(url, `bytes=${FIRST_MOOF}-`);
  assert.ok(Buffer.from(await open.arrayBuffer()).equals(served.subarray(FIRST_MOOF)));
  const suffix = await get(url, 'bytes=-100');
  assert.ok(Buffer.from(await suffix.arrayBuffer()).equals(served.subarray(served.length - 100)));
  assert.equal((await get(url, `bytes=${served.length}-`)).status, 416);

  // Deleting the entry removes the file and its index.
  assert.equal((await client.entryDelete(entryId, { cookie: owner.cookie })).status, 200);
  assert.ok(await until(() => r2Keys(prefix).length === 0), 'nothing left in R2');
});

test('a fragment without audio leaves each stream as long in the served file as in the upload', async () => {
  // The index once read the empty audio fragment's decode time (0) as a time: this ~4 s recording
  // was served with 5.3 s of audio, and the player's timeline ran 1.4 s past the end.
  const { owner, entryId, prefix } = await submittedRecording(AUDIO_GAP, 4000);
  assert.ok(
    await until(() => r2Keys(prefix).includes(`${prefix}segments/1/screen.mp4.sidx`)),
    'the index is stored beside the file',
  );
  const entry = await client.entryPage(entryId, { cookie: owner.cookie });
  const served = Buffer.from(await (await get(entry.json.segments[0].url)).arrayBuffer());
  assert.ok(served.length > AUDIO_GAP.length, 'an index was spliced in');
  const uploaded = streamLengths(AUDIO_GAP);
  const seen = streamLengths(served);
  assert.ok(
    uploaded.audio > 3.5 && uploaded.audio < 4.5 && uploaded.video > 3.5 && uploaded.video < 4.5,
    JSON.stringify(uploaded),
  );
  assert.deepEqual(seen, uploaded, 'ffprobe reads each stream as long as in the file uploaded');
});

/**
 * A submitted AUDIO_GAP recording whose stored index is then made outdated: rewritten under
 * `LSX1`, what the worker stored before 2026-11-26 (the same layout). `current` is the index as
 * the worker built it, `key` where it is.
 */
async function outdatedIndex() {
  const recording = await submittedRecording(AUDIO_GAP, 4000);
  const key = `${recording.prefix}segments/1/screen.mp4.sidx`;
  assert.ok(await until(() => r2Keys(recording.prefix).includes(key)), 'the index is stored beside the file');
  const current = await r2Get(key);
  await r2Put(key, Buffer.concat([Buffer.from('LSX1'), current.subarray(4)]));
  return { ...recording, key, current };
}

/** The index at `key` once it is rebuilt (`LSX2` again), or null when that takes over 30 s. */
async function rebuiltIndex(key) {
  let rebuilt = null;
  const done = await until(
    async () => {
      rebuilt = await r2Get(key);
      return rebuilt?.toString('latin1', 0, 4) === 'LSX2';
    },
    { timeoutMs: 30_000, everyMs: 500 },
  );
  return done ? rebuilt : null;
}

test('an index by the earlier rule is not served, and the next opening rebuilds it', async () => {
  const { owner, entryId, key, current } = await outdatedIndex();
  assert.equal(current.toString('latin1', 0, 4), 'LSX2');

  const url = async () => (await client.entryPage(entryId, { cookie: owner.cookie })).json.segments[0].url;
  const plain = Buffer.from(await (await get(await url(), 'bytes=0-')).arrayBuffer());
  assert.ok(plain.equals(AUDIO_GAP), 'served as stored, without the outdated index');
  const rebuilt = await rebuiltIndex(key);
  assert.ok(rebuilt, 'the opening rebuilt the index');
  assert.ok(rebuilt.subarray(20).equals(current.subarray(20)), 'the same boxes as a fresh build');
  const served = Buffer.from(await (await get(await url())).arrayBuffer());
  assert.equal(served.length, AUDIO_GAP.length + rebuilt.length - 20, 'a URL signed now gets the index');
  assert.deepEqual(streamLengths(served), streamLengths(AUDIO_GAP));
});

test('a file that is not a fragmented MP4 gets no index and is served as stored', async () => {
  const owner = await researcher('seek-plain');
  const analysisId = (await createAnalysis(owner, { name: 'Plain', tasks: ['T1'], max: 2 })).id;
  const { entryId, cookie } = await participate(analysisId);
  // The landing page's demo clip: an ordinary (not fragmented) MP4.
  const plain = readFileSync(new URL('../../web/public/demo/lupa-demo.mp4', import.meta.url));
  await recordSegment(entryId, cookie, plain, { chunkSize: 100_000, mimeType: 'video/mp4' });
  assert.equal((await complete(entryId, cookie, { durationMs: 18_000 })).status, 200);
  assert.equal((await submit(entryId, cookie)).status, 200);
  const prefix = `analyses/${analysisId}/entries/${entryId}/`;
  // The sweep after Finish removes the chunks; give the background step the time it would take,
  // then check it left nothing else (no index for a plain MP4).
  await until(() => r2Keys(prefix).length === 1);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.deepEqual(r2Keys(prefix), [`${prefix}segments/1/screen.mp4`]);
  const entry = await client.entryPage(entryId, { cookie: owner.cookie });
  const served = Buffer.from(await (await get(entry.json.segments[0].url)).arrayBuffer());
  assert.ok(served.equals(plain), 'served byte for byte as uploaded');
});

/** The rebuild marker of `key`'s file (ADR 0009), parsed; null when there is none. */
async function marker(indexKey) {
  const bytes = await r2Get(`${indexKey}.build`);
  return bytes ? JSON.parse(bytes.toString('utf8')) : null;
}

test('many concurrent openings of a file with an outdated index rebuild it once', async () => {
  // Anyone with a signed URL (a share link too) could repeat `bytes=0-0`: each opening started
  // a full read and scan, and each finished rebuild rewrote the index.
  const { owner, entryId, key } = await outdatedIndex();

  const url = (await client.entryPage(entryId, { cookie: owner.cookie })).json.segments[0].url;
  const opens = await Promise.all(
    Array.from({ length: 25 }, async () => {
      const res = await get(url, 'bytes=0-0');
      await res.arrayBuffer();
      return res.status;
    }),
  );
  assert.deepEqual([...new Set(opens)], [206], 'every opening is answered');
  const rebuilt = await rebuiltIndex(key);
  assert.ok(rebuilt, 'the index is rebuilt');
  assert.ok(await until(async () => (await marker(key))?.phase === 'done', { timeoutMs: 10_000, everyMs: 500 }));
  assert.deepEqual(
    { ...(await marker(key)), sinceMs: 0 },
    { attempts: 1, sinceMs: 0, phase: 'done' },
    'one build for 25 openings',
  );
  // No second build rewrites it afterwards (its creation time, which URLs are compared with, stays).
  const created = rebuilt.readBigInt64BE(12);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  assert.equal((await r2Get(key)).readBigInt64BE(12), created, 'written once');
});

test('a file whose outdated index cannot be rebuilt is tried three times, then served plain for good', async () => {
  const { owner, entryId, prefix, key } = await outdatedIndex();
  // The file itself no longer reads as a fragmented MP4 (as a damaged upload would not).
  const damaged = Buffer.concat([AUDIO_GAP.subarray(0, FIRST_MOOF), Buffer.alloc(2000, 0xff)]);
  await r2Put(`${prefix}segments/1/screen.mp4`, damaged);

  const url = (await client.entryPage(entryId, { cookie: owner.cookie })).json.segments[0].url;
  for (let opening = 1; opening <= 5; opening += 1) {
    const res = await get(url, 'bytes=0-');
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(damaged), `opening ${opening}: served as stored`);
    if (opening <= 3) {
      assert.ok(
        await until(
          async () => {
            const m = await marker(key);
            return m?.attempts === opening && m.phase === 'failed';
          },
          { timeoutMs: 15_000, everyMs: 500 },
        ),
        `opening ${opening} tried once more: ${JSON.stringify(await marker(key))}`,
      );
    } else {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const m = await marker(key);
      assert.deepEqual([m.attempts, m.phase], [3, 'failed'], `opening ${opening} tried nothing`);
    }
  }
  assert.equal((await r2Get(key)).toString('latin1', 0, 4), 'LSX1', 'the outdated index is left (never served)');
});
