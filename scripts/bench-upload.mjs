// Benchmark of the durable-chunk upload (ADR 0005) through the real worker, D1 and R2 (its own
// Size: one benchmark, read top to bottom; its client moves to the shared test client.
// `wrangler dev`), with synthetic media at product §9's bitrates on a throttled uplink. Prints:
//
// 1. Finish → Success for 1-, 10- and 60-minute recordings: the tab sends a ~1 s chunk per second
//    with at most two requests in flight, as the recorder does. Recording and uplink run SCALE
//    times faster than life, except the last 5 s, which run in real time so the uploads are where
//    a real tab's would be at Finish; then the last chunk, `complete` and the submit are timed as
//    they happen (real milliseconds, nothing multiplied).
// 2. Seconds of media not on the server when the tab is killed at a random moment (p95 over
//    KILLS kills, online, in real time): the in-flight request is cut, then the server's own
//    `recordedMs` (GET /participation/current) is compared with the time recorded.
// 3. Tab memory after 1 and after 60 minutes of recording: the real recorder pipeline (wasm,
//    IndexedDB, uploads to this worker) in headless Chromium, fed a synthetic ~1 s chunk at
//    product §9's bitrates every 1000/MEMORY_SCALE ms (`BenchRecorder`, the `bench` feature); JS heap
//    after a forced GC and the wasm linear memory, once the uploads caught up.
// 4. Worker requests and R2 operations per recorded hour, counted from the requests this run made
//    and the R2 calls each kind of request makes in the worker's code, and their cost at
//    Cloudflare's list prices (scripts/lib/cloudflare-prices.mjs, USD; `npm run bench:cost` measures
//    the same from a real run).
//
//   npm run bench:upload      (SCALE=20 UPLINK_MBPS=4 MINUTES=1,10,60 KILLS=20 MEMORY_SCALE=30 MIME=video/webm to change;
//                              KILLS=0 or MEMORY_SCALE=0 skips that part)
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './lib/dev-server.mjs';
import { PRICES } from './lib/cloudflare-prices.mjs';
import { analysis, researcher } from './lib/bench-client.mjs';

const SCALE = Number(process.env.SCALE ?? 20);
const UPLINK_BPS = (Number(process.env.UPLINK_MBPS ?? 4) * 1e6) / 8; // bytes per real second
const RECORD_BPS = (1_000_000 + 96_000) / 8; // product §9 video + audio bitrates
const MINUTES = (process.env.MINUTES ?? '1,10,60').split(',').map(Number);
const KILLS = Number(process.env.KILLS ?? 20);
const MEMORY_SCALE = Number(process.env.MEMORY_SCALE ?? 30);
const CHUNK_MS = 1000; // MediaRecorder's timeslice
// The segments' declared type: MP4 files get a seek index built after `complete` (ADR 0009),
// WebM ones don't, so MIME=video/webm times Finish without it (ADR 0013, "Finish").
const MIME = process.env.MIME ?? 'video/mp4;codecs=avc1,opus';
/** Recorded in real time before Finish (see `record`). */
const REAL_TAIL_MS = 5000;
const PART = 5 * 1024 * 1024; // the worker composes R2 multipart parts of this size
const LIST_PRICES = {
  workerRequestPerMillion: PRICES.workerRequest * 1e6,
  r2ClassAPerMillion: PRICES.r2ClassA * 1e6,
  r2ClassBPerMillion: PRICES.r2ClassB * 1e6,
  r2StoragePerGbMonth: PRICES.r2GbMonth,
};
const root = new URL('..', import.meta.url).pathname;

const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-upload-'));
// The production size limit (2 GiB): an hour at product §9's bitrates is about 0.5 GB.
// BENCH_LOG=1 prints the server's log lines (each request's route, status and duration).
const server = await startServer({
  stateDir,
  maxEntryBytes: 2 * 1024 ** 3,
  log: process.env.BENCH_LOG ? (line) => console.log(`  [server] ${line}`) : undefined,
});
const { hostname, port } = new URL(server.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const requests = { chunk: 0, other: 0 };
/** The researcher's session cookie (set by `setup`). */
let owner;

/**
 * One HTTP call; `body` is sent paced at the uplink rate (×`scale`) when `paced`. `onRequest`
 * receives the request so a "killed tab" can cut it.
 */
function call(
  method,
  path,
  { body, cookie, headers: extra = {}, type = 'application/json', paced = false, scale = SCALE, onRequest } = {},
) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const headers = { 'cf-connecting-ip': '10.200.0.1', ...extra };
    if (cookie) headers.cookie = cookie;
    if (data) Object.assign(headers, { 'content-type': type, 'content-length': data.length });
    const req = request({ hostname, port, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    onRequest?.(req);
    if (!data) return req.end();
    if (!paced) return req.end(data);
    (async () => {
      const slice = 16 * 1024;
      for (let i = 0; i < data.length && !req.destroyed; i += slice) {
        req.write(data.subarray(i, i + slice));
        await sleep((Math.min(slice, data.length - i) / (UPLINK_BPS * scale)) * 1000);
      }
      if (!req.destroyed) req.end();
    })();
  });
}
const json = (r) => JSON.parse(r.text);
const cookieOf = (res, name) => res.headers['set-cookie']?.find((c) => c.startsWith(name))?.split(';')[0];

async function setup() {
  // A researcher who paid through the local checkout, with an analysis (scripts/lib/bench-client.mjs).
  const researcherClient = await researcher(server.url, 'upload');
  owner = researcherClient.cookieHeader();
  return analysis(researcherClient, 1000);
}

/** A participant's tab: claims a place and opens its first segment. */
async function openTab(analysisId) {
  const joined = await call('POST', '/api/v1/analysis/participate', { body: { analysisId } });
  if (joined.status !== 200) throw new Error(`participate: ${joined.status} ${joined.text}`);
  const tab = {
    entry: json(joined).analysisEntryId,
    cap: cookieOf(joined, '__Host-lupa_participation'),
    inFlight: undefined,
  };
  const opened = await call('POST', `/api/v1/analysisEntry/${tab.entry}/segments`, {
    cookie: tab.cap,
    body: { mimeType: MIME },
  });
  if (opened.status !== 200) throw new Error(`segment: ${opened.status} ${opened.text}`);
  tab.segment = json(opened).segment;
  requests.other += 2;
  return tab;
}

/**
 * Records `seconds` of media at `scale`: one chunk per second of media, queued and sent with at
 * most two requests in flight (as the recorder's upload machine does, `MAX_IN_FLIGHT`), each
 * paced at the uplink. The last chunk (MediaRecorder's at Finish) and whatever is sent after it go
 * at the real uplink's pace. Resolves `recording` when recording stops (after `seconds`, or at
 * `stop()`), with a `drain` promise for the chunks still queued.
 */
function record(tab, seconds, scale) {
  const queue = [];
  let stopped = false;
  let pace = scale;
  let next = 0;
  let inFlight = 0;
  let backlogAtFinish = 0;
  const wakers = [];
  const wake = () => wakers.splice(0).forEach((w) => w());
  const lane = async () => {
    for (;;) {
      while (queue.length === 0 && !stopped) await new Promise((r) => wakers.push(r));
      if (queue.length === 0) return;
      const { bytes, endMs } = queue.shift();
      const index = next++;
      inFlight += 1;
      const res = await call('PUT', `/api/v1/analysisEntry/${tab.entry}/segments/${tab.segment}/chunks/${index}`, {
        cookie: tab.cap,
        body: bytes,
        type: 'application/octet-stream',
        headers: { 'x-lupa-end-ms': String(endMs) },
        paced: true,
        scale: pace,
        onRequest: (req) => {
          tab.inFlight = req;
        },
      });
      inFlight -= 1;
      requests.chunk += 1;
      if (res.status !== 200) throw new Error(`chunk ${index}: ${res.status} ${res.text}`);
    }
  };
  const sender = Promise.all([lane(), lane()]);
  const started = performance.now();
  const recording = (async () => {
    let recordedMs = 0;
    let due = started;
    while (!stopped && recordedMs < seconds * 1000) {
      const upTo = Math.min(recordedMs + CHUNK_MS, seconds * 1000);
      // The last REAL_TAIL_MS before Finish are recorded and sent in real time, so the uploads are
      // in the state a real tab's would be in when the participant presses Finish.
      if (upTo > seconds * 1000 - REAL_TAIL_MS) pace = 1;
      due += (upTo - recordedMs) / pace;
      await sleep(due - performance.now());
      if (stopped) break;
      // Still uploading when the last chunk arrives: the tab's backlog at Finish.
      if (upTo === seconds * 1000) backlogAtFinish = queue.length + inFlight;
      queue.push({
        bytes: Buffer.alloc(Math.round(((upTo - recordedMs) / 1000) * RECORD_BPS), 1 + (queue.length % 200)),
        endMs: upTo,
      });
      recordedMs = upTo;
      wake();
    }
    stopped = true;
    wake();
  })();
  return {
    recording,
    drain: sender,
    stop: () => {
      stopped = true;
      wake();
    },
    backlogAtFinish: () => backlogAtFinish,
    elapsedMs: () => (performance.now() - started) * scale,
  };
}

/**
 * Finish → Success for a recording of `minutes`, in real milliseconds: the recording runs SCALE
 * times faster than life; the last chunk, anything still uploading, `complete` and the submit go
 * at the real uplink's pace and are timed as they happen.
 */
async function finishToSuccess(analysisId, minutes) {
  const tab = await openTab(analysisId);
  const rec = record(tab, minutes * 60, SCALE);
  // The participant presses Finish when MediaRecorder hands over its last chunk.
  const finishing = rec.recording.then(() => performance.now());
  await rec.drain;
  const finish = await finishing;
  const queuedAtFinish = rec.backlogAtFinish();
  const drained = performance.now();
  const done = await call('POST', `/api/v1/analysisEntry/${tab.entry}/complete`, {
    cookie: tab.cap,
    body: { durationMs: minutes * 60_000 },
  });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${done.text}`);
  const completed = performance.now();
  const sent = await call('PATCH', '/api/v1/analysisEntry', {
    cookie: tab.cap,
    body: { analysisEntryId: tab.entry, analysisEntryStatus: 'submitted' },
  });
  if (sent.status !== 200) throw new Error(`submit: ${sent.status} ${sent.text}`);
  const totalMs = performance.now() - finish;
  requests.other += 2;
  const entry = await call('GET', `/api/v1/analysisEntry/${tab.entry}`, { cookie: owner });
  return {
    totalMs,
    serverMs: totalMs - (drained - finish),
    completeMs: completed - drained,
    queuedAtFinish,
    segments: json(entry).segments?.length,
  };
}

/** Media (ms) that a tab killed after a random 3–12 s of recording had not got onto the server. */
async function killLag(analysisId) {
  const tab = await openTab(analysisId);
  const killAt = 3000 + Math.random() * 9000;
  const rec = record(tab, 3600, 1);
  await sleep(killAt);
  const recordedMs = rec.elapsedMs();
  rec.stop();
  tab.inFlight?.destroy();
  await rec.drain.catch(() => undefined);
  const current = await call('GET', '/api/v1/participation/current', { cookie: tab.cap });
  requests.other += 1;
  if (current.status !== 200) throw new Error(`current: ${current.status} ${current.text}`);
  await call('DELETE', `/api/v1/analysisEntry/${tab.entry}`, { cookie: tab.cap });
  return Math.max(0, recordedMs - json(current).recordedMs);
}

/**
 * The tab's memory after 1 and after 60 minutes of (synthetic, time-scaled) recording through the
 * real pipeline: `{ at1, at60 }`, each `{ jsHeap, wasm, pending }` in bytes / chunks.
 */
async function tabMemory(analysisId) {
  const web = mkdtempSync(join(tmpdir(), 'lupa-bench-wasm-'));
  // Its own target dir, so the app's wasm (built without the feature) is left alone.
  execFileSync(
    'cargo',
    [
      'build',
      '-p',
      'lupa-recorder',
      '--release',
      '--target',
      'wasm32-unknown-unknown',
      '--features',
      'bench',
      '--quiet',
      '--target-dir',
      join(root, 'target', 'bench'),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  execFileSync(
    'wasm-bindgen',
    ['--target', 'web', '--out-dir', web, join(root, 'target/bench/wasm32-unknown-unknown/release/lupa_recorder.wasm')],
    { cwd: root, stdio: 'inherit' },
  );
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'lupa-bench-chromium-')), {
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
    ],
  });
  try {
    await context.route(`${server.url}/__bench/**`, (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop();
      if (name === 'index.html')
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' });
      return route.fulfill({
        contentType: name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript',
        body: readFileSync(join(web, name)),
      });
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/__bench/index.html`);
    const cdp = await context.newCDPSession(page);
    await page.evaluate(
      async ({ analysisId }) => {
        const claim = await fetch('/api/v1/analysis/participate', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ analysisId }),
        });
        const { analysisEntryId } = await claim.json();
        const { default: init, BenchRecorder } = await import('/__bench/lupa_recorder.js');
        await init({ module_or_path: '/__bench/lupa_recorder_bg.wasm' });
        const recorder = new BenchRecorder(analysisEntryId, '/api/v1');
        await recorder.open('video/mp4;codecs=avc1,opus');
        let pushed = 0;
        /** Records until `chunks` chunks were delivered, one every `everyMs`, each `bytes` long. */
        window.recordUntil = async (chunks, everyMs, bytes) => {
          const started = performance.now();
          const first = pushed;
          while (pushed < chunks) {
            const chunk = new Uint8Array(bytes);
            chunk.fill(1 + (pushed % 200));
            recorder.pushChunk(chunk);
            pushed += 1;
            const wait = everyMs * (pushed - first) - (performance.now() - started);
            await new Promise((r) => setTimeout(r, Math.max(0, wait)));
          }
          // Once the uploads caught up (the device then holds nothing).
          while (recorder.state().pendingChunks > 0) await new Promise((r) => setTimeout(r, 100));
          return {
            pending: recorder.state().pendingChunks,
            wasm: BenchRecorder.wasmMemoryBytes(),
            phase: recorder.state().phase,
          };
        };
        window.finishRecording = () => recorder.finish();
      },
      { analysisId },
    );
    const chunkBytes = Math.round(RECORD_BPS * (CHUNK_MS / 1000));
    const measure = async (minutes) => {
      const out = await page.evaluate(({ chunks, everyMs, bytes }) => window.recordUntil(chunks, everyMs, bytes), {
        chunks: minutes * 60,
        everyMs: CHUNK_MS / MEMORY_SCALE,
        bytes: chunkBytes,
      });
      if (out.phase !== 'recording') throw new Error(`recorder ${out.phase}`);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return { jsHeap: usedSize, wasm: out.wasm, pending: out.pending };
    };
    const at1 = await measure(1);
    const at60 = await measure(60);
    await page.evaluate(() => window.finishRecording());
    return { at1, at60 };
  } finally {
    await context.close();
    rmSync(web, { recursive: true, force: true });
  }
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

try {
  const analysisId = await setup();
  console.log(
    `uplink ${(UPLINK_BPS * 8) / 1e6} Mbit/s, recording ${(RECORD_BPS * 8) / 1e6} Mbit/s in ${CHUNK_MS} ms chunks, time scaled ×${SCALE}`,
  );
  const finishes = {};
  let recordedMinutes = 0;
  const before = { ...requests };
  for (const minutes of MINUTES) {
    const { totalMs, serverMs, completeMs, segments, queuedAtFinish } = await finishToSuccess(analysisId, minutes);
    finishes[minutes] = totalMs;
    recordedMinutes += minutes;
    console.log(
      `${String(minutes).padStart(3)} min recording (${((minutes * 60 * RECORD_BPS) / 1e6).toFixed(1)} MB, ${segments} segment, ${queuedAtFinish} earlier chunk still uploading at Finish): Finish → Success ${(totalMs / 1000).toFixed(2)} s (of which complete ${completeMs.toFixed(0)} ms + submit ${(serverMs - completeMs).toFixed(0)} ms)`,
    );
  }
  const first = finishes[MINUTES[0]];
  const last = finishes[MINUTES.at(-1)];
  console.log(`ratio ${MINUTES.at(-1)} min / ${MINUTES[0]} min: ${(last / first).toFixed(2)}`);

  // Requests per recorded hour, from what the runs above sent.
  const perHour = 60 / recordedMinutes;
  const chunkRequests = (requests.chunk - before.chunk) * perHour;
  const otherRequests = (requests.other - before.other) * perHour;
  const bytesPerHour = 3600 * RECORD_BPS;
  const parts = Math.ceil(bytesPerHour / PART);
  // R2 calls per request kind, as the worker's code makes them (edge-worker/src/participation):
  // a chunk PUT stores one object (A); composing a part reads its chunk objects (B each),
  // uploads the part (A) and deletes them (free); `complete` adds part 1, the tail and the
  // multipart completion (A); a researcher's viewing is one GET (B) per segment.
  const chunksPerPart = PART / RECORD_BPS;
  const classA = chunkRequests + parts + 2 + 1; // puts + uploadPart + create/complete multipart + part 1 / tail
  const classB = parts * chunksPerPart + 1;
  const cost = {
    requests: ((chunkRequests + otherRequests) / 1e6) * LIST_PRICES.workerRequestPerMillion,
    classA: (classA / 1e6) * LIST_PRICES.r2ClassAPerMillion,
    classB: (classB / 1e6) * LIST_PRICES.r2ClassBPerMillion,
    storage: (bytesPerHour / 1e9) * LIST_PRICES.r2StoragePerGbMonth,
  };
  console.log(
    `per recorded hour: ${Math.round(chunkRequests + otherRequests)} Worker requests (${Math.round(chunkRequests)} chunks), R2 ${Math.round(classA)} Class A + ${Math.round(classB)} Class B operations, ${(bytesPerHour / 1e9).toFixed(2)} GB stored`,
  );
  console.log(
    `cost per recorded participant-hour at list prices: $${(cost.requests + cost.classA + cost.classB).toFixed(4)} to record (requests $${cost.requests.toFixed(4)}, Class A $${cost.classA.toFixed(4)}, Class B $${cost.classB.toFixed(5)}) + $${cost.storage.toFixed(4)} per month kept`,
  );

  const memory = MEMORY_SCALE > 0 ? await tabMemory(analysisId) : undefined;
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (memory)
    console.log(
      `tab memory (Chromium, real pipeline, ×${MEMORY_SCALE}): after 1 min JS heap ${mb(memory.at1.jsHeap)} + wasm ${mb(memory.at1.wasm)}; after 60 min JS heap ${mb(memory.at60.jsHeap)} + wasm ${mb(memory.at60.wasm)} (ratio ${((memory.at60.jsHeap + memory.at60.wasm) / (memory.at1.jsHeap + memory.at1.wasm)).toFixed(2)})`,
    );

  const lags = [];
  for (let i = 0; i < KILLS; i++) lags.push(await killLag(analysisId));
  if (KILLS > 0)
    console.log(
      `tab killed at a random moment, online (${KILLS} kills): media not on the server p50 ${(percentile(lags, 50) / 1000).toFixed(2)} s, p95 ${(percentile(lags, 95) / 1000).toFixed(2)} s, max ${(Math.max(...lags) / 1000).toFixed(2)} s`,
    );
} finally {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
