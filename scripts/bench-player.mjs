// Benchmark of the recording player (ADR 0009) on a 60-minute recording, through the real worker,
// D1 and R2 (its own `wrangler dev`) and the real player in headless Chromium:
//
// 1. Makes a 60-minute test recording with ffmpeg shaped like what Chromium's MediaRecorder sends
//    (fragmented MP4, VP9 + Opus at 15 frames a second, one fragment per second; a low bitrate
//    keeps it ~50 MB), and
//    uploads it as a participant does: a segment, chunks cut at fragment boundaries, complete,
//    submit. It waits for the worker's seek index (ADR 0009) and says whether it is served.
// 2. Opens /entry/{id} as the researcher and measures, from the browser's own network events
//    (CDP), the recording bytes fetched and the time until a frame plays:
//    - start: the page opened, Space is pressed as soon as the player has the recording's metadata;
//      from Space to the first new frame presented, with every recording byte fetched since the
//      page opened (on loopback that includes the read-ahead Chromium starts with playback: it
//      buffers at least 2 MB ahead, kMinBufferPreload, which arrives at once on loopback);
//    - cold open, for information: the same from opening the page, so it adds loading the app
//      (its ~60 files from the local asset server over HTTP/1.1), the session and the entry;
//    - seek to the middle: from moving the scrubber to 30:00 while playing to the first frame
//      presented there.
//    Each is measured twice: on the loopback link as it is, and with the link throttled to
//    50 Mbit/s (a good office connection), where read-ahead cannot hide a large download.
// Target (ADR 0009): under 2 MB fetched and under 1 s locally, for each. A table is printed; this
// is a benchmark, not a test (the exit code is 0 unless something broke).
//
//   npm run bench:player        (MINUTES=60 to change the length; needs `npm run build` first)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './lib/dev-server.mjs';
import { fakeClientIp, login, playwrightCall } from './lib/accounts.mjs';
import { Client, researcher } from './lib/bench-client.mjs';

const MINUTES = Number(process.env.MINUTES ?? 60);
const THROTTLED_MBPS = 50;
const TARGET = { bytes: 2 * 1024 * 1024, ms: 1000 };
const CHUNK_BYTES = 1024 * 1024;
const root = new URL('..', import.meta.url).pathname;

/** The test recording, made once per length and kept in the temp directory. */
function testRecording() {
  const file = join(tmpdir(), `lupa-bench-player-${MINUTES}min-v2.mp4`);
  if (existsSync(file) && statSync(file).size > 0) return file;
  console.log(`making a ${MINUTES}-minute test recording with ffmpeg (about ${Math.ceil(MINUTES / 2)} s)…`);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(MINUTES * 60),
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '60k',
    '-g',
    '15',
    '-c:a',
    'libopus',
    '-b:a',
    '16k',
    // As MediaRecorder writes MP4: an empty moov, then a moof + mdat per key frame (each second).
    '-movflags',
    '+frag_keyframe+empty_moov+default_base_moof',
    file,
  ]);
  return file;
}

/** Top-level boxes of an MP4 file: [offset, size, type]. */
function topLevelBoxes(bytes) {
  const boxes = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    boxes.push([at, size, bytes.toString('latin1', at + 4, at + 8)]);
    at += size;
  }
  return boxes;
}

/** Chunks as a tab sends them: the header, then whole fragments, about CHUNK_BYTES each. */
function chunksOf(bytes) {
  const boxes = topLevelBoxes(bytes);
  const firstMoof = boxes.find(([, , type]) => type === 'moof')?.[0] ?? bytes.length;
  const cuts = [0, firstMoof];
  for (const [offset, , type] of boxes) {
    if (type === 'moof' && offset - cuts.at(-1) >= CHUNK_BYTES) cuts.push(offset);
  }
  cuts.push(bytes.length);
  return cuts
    .slice(0, -1)
    .map((start, i) => bytes.subarray(start, cuts[i + 1]))
    .filter((chunk) => chunk.length > 0);
}

/** A researcher who paid through the local checkout, with an analysis of two tasks (`analysisId`). */
async function seedResearcher(base) {
  const client = await researcher(base, 'player');
  const created = await client.json('POST', '/api/v1/analysis', {
    body: {
      name: 'Bench del reproductor',
      url: 'example.com',
      maxNumberOfParticipants: 5,
      scenario: 'Una hora de prueba',
      tasks: [
        { taskType: 'text', taskContent: 'Primera mitad' },
        { taskType: 'text', taskContent: 'Segunda mitad' },
      ],
      device: 'computer',
    },
  });
  client.analysisId = created.analysisData.id;
  return client;
}

/** Uploads `bytes` as one participation through the chunk API; returns the entry id. */
async function participate(base, analysisId, bytes) {
  const tab = new Client(base);
  const joined = await tab.json('POST', '/api/v1/analysis/participate', { body: { analysisId } });
  const entryId = joined.analysisEntryId;
  const { segment } = await tab.json('POST', `/api/v1/analysisEntry/${entryId}/segments`, {
    body: { mimeType: 'video/mp4;codecs=vp9,opus' },
  });
  const totalMs = MINUTES * 60_000;
  let sent = 0;
  const chunks = chunksOf(bytes);
  for (const [index, chunk] of chunks.entries()) {
    sent += chunk.length;
    const endMs = index === chunks.length - 1 ? totalMs : Math.round((totalMs * sent) / bytes.length);
    await tab.json('PUT', `/api/v1/analysisEntry/${entryId}/segments/${segment}/chunks/${index}`, {
      body: new Uint8Array(chunk),
      headers: { 'x-lupa-end-ms': String(endMs) },
    });
  }
  const steps = [
    { index: 0, atMs: 0 },
    { index: 1, atMs: 10_000 },
    { index: 2, atMs: 60_000 },
    { index: 3, atMs: totalMs / 2 },
  ];
  await tab.json('POST', `/api/v1/analysisEntry/${entryId}/complete`, { body: { durationMs: totalMs, steps } });
  await tab.json('PATCH', '/api/v1/analysisEntry', {
    body: { analysisEntryId: entryId, analysisEntryStatus: 'submitted' },
  });
  return { entryId, chunks: chunks.length };
}

/** Whether the recording is served with a seek index: a `sidx` among its first boxes. Waits up to a minute. */
async function waitForIndex(base, owner, entryId) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const entry = await owner.json('GET', `/api/v1/entry/${entryId}`);
    const head = await fetch(entry.segments[0].url, {
      headers: { range: 'bytes=0-65535', 'cf-connecting-ip': owner.address },
    });
    const boxes = topLevelBoxes(Buffer.from(await head.arrayBuffer()));
    if (boxes.some(([, , type]) => type === 'sidx')) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/** Resolves with when the active video presents a frame that satisfies the page-side condition. */
const nextFrame = (page, { minTime = 0 } = {}) =>
  page.evaluate(
    ({ minTime }) =>
      new Promise((resolve) => {
        const wait = () => {
          const video = document.querySelector('[data-testid="entry-video"]');
          if (!video) return requestAnimationFrame(wait);
          video.requestVideoFrameCallback((now, meta) => {
            if (meta.mediaTime >= minTime && !video.paused)
              resolve({ at: performance.timeOrigin + now, mediaTime: meta.mediaTime });
            else wait();
          });
        };
        wait();
      }),
    { minTime },
  );

/** One run of both scenarios in a fresh browser context; `mbps` throttles the link (0: as it is). */
async function measure(browser, base, owner, entryId, mbps) {
  const context = await browser.newContext({
    baseURL: base,
    extraHTTPHeaders: { 'cf-connecting-ip': fakeClientIp() },
    viewport: { width: 1366, height: 768 },
  });
  try {
    await login(playwrightCall(context.request), owner.email);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (mbps > 0) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 5,
        downloadThroughput: (mbps * 1e6) / 8,
        uploadThroughput: (mbps * 1e6) / 8,
      });
    }
    const recordingRequests = new Set();
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.includes('/api/v1/recordings/')) {
        recordingRequests.add(event.requestId);
        requests += 1;
      }
    });
    cdp.on('Network.dataReceived', (event) => {
      if (recordingRequests.has(event.requestId)) bytes += event.dataLength;
    });

    // Open the page and press Space as soon as the player knows the recording (its metadata). One
    // page call waits for the metadata and mutes the video, so the bench adds little to the time.
    const openAt = Date.now();
    await page.goto(`/entry/${entryId}`);
    await page.getByTestId('entry-video').evaluate(
      (element) =>
        new Promise((resolve) => {
          element.muted = true;
          if (element.readyState >= 1) resolve();
          else element.addEventListener('loadedmetadata', resolve, { once: true });
        }),
    );
    const readyAt = Date.now();
    const bytesReady = bytes;
    const firstFrame = nextFrame(page);
    const pressAt = Date.now();
    await page.keyboard.press(' ');
    const started = await firstFrame;
    const start = { ms: started.at - pressAt, bytes, requests };
    const open = { ms: started.at - openAt, ready: readyAt - openAt, bytes, bytesReady, requests };

    const middle = (MINUTES * 60) / 2;
    bytes = 0;
    requests = 0;
    const seekAt = Date.now();
    const seekFrame = nextFrame(page, { minTime: middle - 1 });
    await page.getByRole('slider', { name: 'Posición de la reproducción' }).fill(String(middle));
    const sought = await seekFrame;
    const seek = { ms: sought.at - seekAt, bytes, requests, mediaTime: sought.mediaTime };
    return { open, start, seek };
  } finally {
    await context.close();
  }
}

const kb = (n) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${Math.round(n / 1024)} KB`);
function verdict(row) {
  if (row.judged === false) return 'no target (app load)';
  const over = [row.bytes >= TARGET.bytes && 'bytes', row.ms >= TARGET.ms && 'time'].filter(Boolean);
  return over.length ? `over target: ${over.join(' and ')}` : 'ok';
}

const file = testRecording();
const bytes = readFileSync(file);
const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-player-'));
const server = await startServer({ stateDir, maxEntryBytes: 2 * 1024 ** 3 });
let browser;
try {
  const owner = await seedResearcher(server.url);
  const uploadStarted = Date.now();
  const { entryId, chunks } = await participate(server.url, owner.analysisId, bytes);
  console.log(
    `uploaded ${kb(bytes.length)} in ${chunks} chunks in ${((Date.now() - uploadStarted) / 1000).toFixed(1)} s`,
  );
  const indexed = await waitForIndex(server.url, owner, entryId);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const rows = [];
  for (const mbps of [0, THROTTLED_MBPS]) {
    const link = mbps ? `${mbps} Mbit/s` : 'loopback';
    const { open, start, seek } = await measure(browser, server.url, owner, entryId, mbps);
    rows.push({ what: `start: Space → first frame, ${link}`, ...start });
    rows.push({ what: `seek to ${MINUTES / 2}:00 → first frame there, ${link}`, ...seek });
    rows.push({
      what: `cold open: the page → first frame (metadata at ${(open.ready / 1000).toFixed(2)} s, ${kb(open.bytesReady)} by then), ${link}`,
      ...open,
      judged: false,
    });
  }
  console.log('');
  console.log(
    `Recording: ${MINUTES} min, ${kb(bytes.length)} (fragmented MP4, VP9 + Opus, 1 s fragments); seek index served: ${indexed ? 'yes' : 'NO'}`,
  );
  console.log(`Target: under ${kb(TARGET.bytes)} fetched and under ${TARGET.ms / 1000} s, for each.`);
  console.log('');
  console.log('| scenario | recording bytes fetched | requests | time | result |');
  console.log('|---|---:|---:|---:|---|');
  for (const row of rows) {
    console.log(
      `| ${row.what} | ${kb(row.bytes)} (${((100 * row.bytes) / bytes.length).toFixed(1)} % of the file) | ${row.requests} | ${(row.ms / 1000).toFixed(2)} s | ${verdict(row)} |`,
    );
  }
  console.log('');
  console.log(
    'Bytes include what Chromium reads ahead once a video plays: at least 2 MB (its kMinBufferPreload), which',
  );
  console.log('arrives at once on loopback; the throttled rows show what a start needs on a real link.');
} finally {
  await browser?.close();
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
