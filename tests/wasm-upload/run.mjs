// The recorder WASM against the real worker (wrangler dev: workerd + local D1/R2), end to end
// (ADR 0005): a page on the worker's own origin claims a place (the capability cookie lands in the
// browser), records Chromium's fake camera + microphone for ~4 s with the real `Recorder`, sends
// ~1 s chunks while recording, completes and submits; then the researcher's entry page must list
// the step chapters and serve a file ffprobe reads with the right duration. A long recording goes
// through injected failures; a tab that dies offline leaves its chunks in IndexedDB and the next
// tab sends them and records a second segment; an abort must leave nothing behind.
//
//   npm run build && bash scripts/run-node.sh tests/wasm-upload/run.mjs
//
// Uses LUPA_BASE_URL + LUPA_STATE_DIR when both are set (a server you started), otherwise starts
// its own `wrangler dev` on a free port with a throw-away state directory. Last line:
// `N passed, N failed`.
// Size: one end-to-end script with its page harness; its steps run in order against one server.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/lib/dev-server.mjs';

const root = new URL('../..', import.meta.url).pathname;
const CHUNKS = '**/api/v1/analysisEntry/*/segments/*/chunks/*';
const results = { passed: 0, failed: 0 };

/**
 * The recording as the recorder sent it: the served MP4 less the `sidx` seek index that the worker
 * splices in before the first `moof` once the segment has closed (ADR 0009). Throws on a box that
 * runs past the end, so a truncated file never passes.
 */
function withoutSeekIndex(bytes) {
  const kept = [];
  let spliced = 0;
  for (let at = 0; at < bytes.length;) {
    assert.ok(at + 8 <= bytes.length, `box header past the end at ${at}`);
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    assert.ok(size >= 8 && at + size <= bytes.length, `box at ${at} of ${size} bytes runs past the end`);
    if (bytes.toString('latin1', at + 4, at + 8) === 'sidx') spliced += size;
    else kept.push(bytes.subarray(at, at + size));
    at += size;
  }
  return { media: Buffer.concat(kept), spliced };
}

/**
 * What ffprobe reads in the file at `path`: the whole duration in ms and each stream's codec and
 * length, sorted (`video/mp4;codecs=vp9,opus` gives no fixed track order).
 */
function probe(path) {
  const out = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_name,duration',
      '-of',
      'json',
      path,
    ]).toString(),
  );
  return {
    ms: Number(out.format.duration) * 1000,
    streams: out.streams
      .map((s) => `${s.codec_name} ${s.duration} s`)
      .sort()
      .join(', '),
  };
}

/**
 * The served file must read as the recorder's own bytes do: the seek index the worker splices in
 * changes where a reader finds fragments, never how long a stream is. (An index that took an
 * empty audio fragment's decode time of 0 for a time served a 4.0 s recording with 6.9 s of
 * audio; the player's timeline ran past the end.)
 */
function assertIndexKeepsLengths(file, dir, what = 'the file') {
  const raw = join(dir, 'without-index.mp4');
  writeFileSync(raw, withoutSeekIndex(file).media);
  const served = join(dir, 'served.mp4');
  writeFileSync(served, file);
  const [asSent, asServed] = [probe(raw), probe(served)];
  assert.equal(asServed.streams, asSent.streams, `${what}: each stream as served, against the recorder's bytes`);
  return asServed;
}

/**
 * Whether a file of `probed.ms` is the recording of `recordedMs` on the recorder's timer. Nothing
 * may be missing (1.5 s of slack for the last chunk). It may be longer by what was captured
 * before the timer started: MediaRecorder writes frames that were still in flight at `start()`,
 * with their capture times, so a machine that stalls across the start gets a file longer than
 * the timer by up to the stall (`stall-across-start.mjs` stops Chromium's browser process for
 * 2.9 s across `start()` and gets 5.3–5.5 s for 4.0 s). No frame is older than the
 * `getUserMedia` call, so `leadMs`, from that call to the timer's start, bounds it.
 */
function assertDuration(probed, recordedMs, leadMs, what = 'the file') {
  const within = probed.ms >= recordedMs - 1500 && probed.ms <= recordedMs + leadMs + 1500;
  assert.ok(
    within,
    `${what}: ffprobe ${Math.round(probed.ms)} ms (${probed.streams}) for ${recordedMs} ms recorded, ${Math.round(leadMs)} ms from getUserMedia to the start`,
  );
}

async function check(name, fn) {
  try {
    await fn();
    results.passed += 1;
    console.log(`ok - ${name}`);
  } catch (error) {
    results.failed += 1;
    console.log(`not ok - ${name}\n${error.stack ?? error}`);
  }
}

// The façade built for a plain <script type="module"> (the app uses the bundler build in pkg/).
const web = mkdtempSync(join(tmpdir(), 'lupa-recorder-web-'));
execFileSync('cargo', ['build', '-p', 'lupa-recorder', '--release', '--target', 'wasm32-unknown-unknown', '--quiet'], {
  cwd: root,
  stdio: 'inherit',
});
execFileSync(
  'wasm-bindgen',
  ['--target', 'web', '--out-dir', web, 'target/wasm32-unknown-unknown/release/lupa_recorder.wasm'],
  { cwd: root, stdio: 'inherit' },
);

let server;
let stateDir = process.env.LUPA_STATE_DIR;
const ownServer = !(process.env.LUPA_BASE_URL && stateDir);
if (ownServer) {
  stateDir = mkdtempSync(join(tmpdir(), 'lupa-state-'));
  server = await startServer({ stateDir });
} else {
  server = { url: process.env.LUPA_BASE_URL, stop: async () => {} };
}
process.env.LUPA_BASE_URL = server.url;
process.env.LUPA_STATE_DIR = stateDir;
const { api } = await import('../api/helpers.mjs');
const { q, sql } = await import('../api/db.mjs');
const { createAnalysis, researcher } = await import('../api/insights-helpers.mjs');

const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'lupa-chromium-')), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
});

try {
  // Serve the recorder from the worker's origin, so its requests are same-origin and carry the cookie.
  await context.route(`${server.url}/__recorder/**`, (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    if (name === 'index.html')
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>recorder</title>' });
    const type = name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(join(web, name)) });
  });

  const owner = await researcher('recorder');
  const analysisId = (
    await createAnalysis(owner, { name: 'Grabación real', url: 'example.com', tasks: ['Busca'], max: 10 })
  ).id;

  /**
   * Runs `body(recorder, entryId, Recorder, tab)` in a fresh page, after claiming a place there
   * unless `entryId` continues an earlier one; `tab` holds the steps the bodies share (starting on
   * the fake devices, finishing and submitting). The page is then closed as a crash would: no
   * unload work.
   */
  async function inPage(body, entryId = null) {
    const page = await context.newPage();
    page.on('console', (m) => console.log(`  [page] ${m.text()}`));
    await page.goto(`${server.url}/__recorder/index.html`);
    const result = await page.evaluate(
      async ({ analysisId, given, body }) => {
        let entryId = given;
        if (!entryId) {
          const claim = await fetch('/api/v1/analysis/participate', {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ analysisId }),
          });
          entryId = (await claim.json()).analysisEntryId;
        }
        const { default: init, Recorder } = await import('/__recorder/lupa_recorder.js');
        await init({ module_or_path: '/__recorder/lupa_recorder_bg.wasm' });
        const recorder = new Recorder(entryId, '/api/v1');
        const tab = {
          sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
          /** Starts the recorder on the fake camera + microphone; `leadMs`: from asking for them to its timer's start. */
          async start(options) {
            const askedAt = performance.now();
            const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
            await recorder.start(stream, options);
            return { stream, leadMs: recorder.startedAt() - askedAt };
          },
          /** Finishes the recording, releases the devices and submits the entry, as the page does; gives the submit's status. */
          async finishAndSubmit(stream) {
            await recorder.finish();
            stream.getTracks().forEach((t) => t.stop());
            const submit = await fetch('/api/v1/analysisEntry', {
              method: 'PATCH',
              credentials: 'include',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ analysisEntryId: entryId, analysisEntryStatus: 'submitted' }),
            });
            return submit.status;
          },
        };
        const run = new Function(
          'recorder',
          'entryId',
          'Recorder',
          'tab',
          `return (${body})(recorder, entryId, Recorder, tab);`,
        );
        return { entryId, ...(await run(recorder, entryId, Recorder, tab)) };
      },
      { analysisId, given: entryId, body: body.toString() },
    );
    await page.close({ runBeforeUnload: false });
    return result;
  }

  await check('a real recording uploads in chunks, completes, submits and plays with its duration', async () => {
    const out = await inPage(async (recorder, entryId, Recorder, tab) => {
      const changes = [];
      recorder.onChange((s) => changes.push(s.phase));
      const { stream, leadMs } = await tab.start();
      recorder.markStep(0);
      await tab.sleep(2000);
      recorder.markStep(1);
      await tab.sleep(2000);
      const submitted = await tab.finishAndSubmit(stream);
      return { state: recorder.state(), changes, submitted, leadMs };
    });
    assert.equal(out.state.phase, 'done', JSON.stringify(out.state));
    assert.equal(out.state.progress, 100);
    assert.ok(out.state.mimeType.startsWith('video/mp4'), out.state.mimeType);
    assert.ok(out.changes.includes('done'), out.changes.join());
    assert.equal(out.submitted, 200);
    const [row] = await sql(
      `SELECT status, recording_size, duration_ms, recording_mime FROM analysis_entries WHERE id = ${q(out.entryId)}`,
    );
    assert.equal(row.status, 'submitted');
    assert.equal(row.recording_size, out.state.bytesRecorded);
    assert.ok(row.duration_ms >= 4000 && row.duration_ms < 8000, String(row.duration_ms));
    const entry = await api(`/api/v1/entry/${out.entryId}`, { cookie: owner.cookie });
    assert.equal(entry.status, 200, entry.text);
    // Chapters come from the marks sent with the completion: step 1 entered ~2 s in.
    const [scenario, url] = entry.json.chapters;
    assert.ok(scenario.startMs < 200, JSON.stringify(entry.json.chapters));
    assert.ok(url.startMs >= 1800 && url.startMs < 4000, JSON.stringify(entry.json.chapters));
    const file = Buffer.from(await (await fetch(new URL(entry.json.entryUrl, server.url))).arrayBuffer());
    assert.equal(withoutSeekIndex(file).media.length, out.state.bytesRecorded);
    assertDuration(assertIndexKeepsLengths(file, web), row.duration_ms, out.leadMs);
  });

  await check(
    'a long recording crosses several 5 MiB parts through injected failures and arrives byte-identical',
    async () => {
      // Chunk PUTs pass through here: the first try of chunks 1 and 2 fails (a 503, then a dropped
      // connection); every body the server accepted is kept, by index, to compare with R2.
      const accepted = new Map();
      const tries = new Map();
      await context.route(CHUNKS, async (route) => {
        const request = route.request();
        if (request.method() !== 'PUT') return route.continue();
        const index = Number(new URL(request.url()).pathname.split('/').pop());
        const attempt = (tries.get(index) ?? 0) + 1;
        tries.set(index, attempt);
        if (index === 1 && attempt === 1)
          return route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"busy","code":"busy"}',
          });
        if (index === 2 && attempt === 1) return route.abort('connectionreset');
        const response = await route.fetch();
        if (response.status() === 200) accepted.set(index, request.postDataBuffer());
        return route.fulfill({ response });
      });
      const out = await inPage(async (recorder, entryId, Recorder, tab) => {
        // Noise frames make the encoder spend its whole 1 Mbit/s, so ~100 s fills two parts and more.
        const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 360 });
        const g = canvas.getContext('2d');
        const frame = g.createImageData(640, 360);
        const paint = setInterval(() => {
          const bytes = new Uint32Array(frame.data.buffer);
          for (let i = 0; i < bytes.length; i++) bytes[i] = (Math.random() * 0xffffffff) | 0xff000000;
          g.putImageData(frame, 0, 0);
        }, 33);
        const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
        const stream = new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...mic.getAudioTracks()]);
        await recorder.start(stream);
        recorder.markStep(0);
        const started = Date.now();
        while (Date.now() - started < 150_000 && recorder.state().bytesRecorded < 2 * 5 * 1024 * 1024 + 300_000) {
          await tab.sleep(1000);
        }
        const submitted = await tab.finishAndSubmit(stream);
        clearInterval(paint);
        return { state: recorder.state(), submitted };
      });
      await context.unroute(CHUNKS);
      assert.equal(out.state.phase, 'done', JSON.stringify(out.state));
      assert.equal(out.submitted, 200);
      const indexes = [...accepted.keys()].sort((a, b) => a - b);
      assert.deepEqual(
        indexes,
        indexes.map((_, i) => i),
        'chunks are numbered from 0 without gaps',
      );
      assert.ok(tries.get(1) >= 2 && tries.get(2) >= 2, 'the failed chunks were retried');
      for (const n of indexes) assert.ok(accepted.get(n).length <= 4 * 1024 * 1024, `chunk ${n}`);
      const sent = Buffer.concat(indexes.map((n) => accepted.get(n)));
      assert.ok(
        sent.length > 2 * 5 * 1024 * 1024,
        `${sent.length} bytes in ${indexes.length} chunks: the server composed several parts`,
      );
      const entry = await api(`/api/v1/entry/${out.entryId}`, { cookie: owner.cookie });
      const stored = Buffer.from(await (await fetch(new URL(entry.json.entryUrl, server.url))).arrayBuffer());
      // Served with the seek index spliced in; the object in R2 itself is what was sent.
      const { media } = withoutSeekIndex(stored);
      assert.equal(media.length, out.state.bytesRecorded);
      assert.ok(media.equals(sent), 'the object in R2 is byte-identical to what the recorder sent');
    },
  );

  await check(
    'a tab that dies offline leaves its chunks on the device; the next tab sends them and records a second segment',
    async () => {
      // Tab 1: every chunk PUT fails (offline), so the chunks wait in IndexedDB; then the tab is gone.
      await context.route(CHUNKS, (route) => route.abort('internetdisconnected'));
      const crashed = await inPage(async (recorder, entryId, Recorder, tab) => {
        const { leadMs } = await tab.start();
        recorder.markStep(0);
        await tab.sleep(1500);
        recorder.markStep(1);
        await tab.sleep(1500);
        // Until the device holds two seconds in two chunks or more: MediaRecorder's chunks come about
        // once a second, later when the machine is busy (one CI run had one 1.1 s chunk after 3 s).
        let pending = await Recorder.pending(entryId);
        for (let i = 0; i < 100 && !(pending.chunks >= 2 && pending.lastEndMs >= 2000); i += 1) {
          await tab.sleep(200);
          pending = await Recorder.pending(entryId);
        }
        return { state: recorder.state(), pending, leadMs };
      });
      await context.unroute(CHUNKS);
      assert.equal(crashed.state.storage, 'device', JSON.stringify(crashed.state));
      assert.ok(crashed.pending.chunks >= 2 && crashed.pending.lastEndMs >= 2000, JSON.stringify(crashed.pending));

      // Tab 2 (same browser profile): 'Continuar' resumes the entry, the recorder sends what tab 1
      // left and records segment 2, continuing the timer and the steps.
      const resumed = await inPage(async (recorder, entryId, Recorder, tab) => {
        const found = await Recorder.pending(entryId);
        const resume = await fetch(`/api/v1/analysisEntry/${entryId}/resume`, {
          method: 'POST',
          credentials: 'include',
        });
        const info = await resume.json();
        const { stream, leadMs } = await tab.start({ recordedMs: info.recordedMs, steps: info.steps });
        const startedAt = recorder.elapsedMs();
        recorder.markStep(2);
        await tab.sleep(2500);
        const submitted = await tab.finishAndSubmit(stream);
        return {
          found,
          resumed: resume.status,
          startedAt,
          state: recorder.state(),
          left: await Recorder.pending(entryId),
          submitted,
          leadMs,
        };
      }, crashed.entryId);
      assert.equal(resumed.resumed, 200);
      // Tab 1 may have stored a last chunk or two after it counted.
      assert.ok(
        resumed.found.chunks >= crashed.pending.chunks,
        `the device still held what tab 1 left: ${JSON.stringify(resumed.found)}`,
      );
      assert.ok(
        resumed.startedAt >= resumed.found.lastEndMs,
        `the timer continued: ${resumed.startedAt} < ${resumed.found.lastEndMs}`,
      );
      assert.equal(resumed.state.phase, 'done', JSON.stringify(resumed.state));
      assert.equal(resumed.left.chunks, 0, 'nothing is left on the device');
      assert.equal(resumed.submitted, 200);
      const entry = await api(`/api/v1/analysisEntry/${crashed.entryId}`, { cookie: owner.cookie });
      assert.equal(entry.status, 200, entry.text);
      assert.equal(entry.json.segments.length, 2, JSON.stringify(entry.json));
      const probed = { ms: 0, streams: [] };
      for (const [i, segment] of entry.json.segments.entries()) {
        const file = Buffer.from(await (await fetch(new URL(segment.url, server.url))).arrayBuffer());
        const one = assertIndexKeepsLengths(file, web, `segment ${i + 1}`);
        probed.ms += one.ms;
        probed.streams.push(`segment ${i + 1}: ${one.streams}`);
      }
      assertDuration(
        { ms: probed.ms, streams: probed.streams.join('; ') },
        entry.json.durationMs,
        crashed.leadMs + resumed.leadMs,
        'both segments',
      );
      assert.ok(
        Math.abs(entry.json.durationMs - resumed.state.elapsedMs) < 2000,
        `${entry.json.durationMs} ms stored, ${resumed.state.elapsedMs} ms on the timer`,
      );
    },
  );

  await check('a reload while online continues the timer and the steps from what the server already has', async () => {
    // Tab 1 records ~3 s online (its chunks are acknowledged, the device holds next to nothing) and is reloaded.
    const first = await inPage(async (recorder, entryId, Recorder, tab) => {
      await tab.start();
      recorder.markStep(0);
      await tab.sleep(1500);
      recorder.markStep(1);
      await tab.sleep(1500);
      // Online, so the device empties between chunks: wait for a moment when the server has all of
      // them. On a loaded machine an upload can take longer than the 1 s between chunks for a while,
      // so the wait is long; it ends at the first empty moment.
      let pending = await Recorder.pending(entryId);
      for (let i = 0; i < 300 && (pending.chunks > 0 || recorder.state().chunksUploaded < 2); i += 1) {
        await tab.sleep(100);
        pending = await Recorder.pending(entryId);
      }
      return { state: recorder.state(), pending };
    });
    assert.equal(first.pending.chunks, 0, `the device never emptied in 30 s: ${JSON.stringify(first.pending)}`);
    assert.ok(first.state.chunksUploaded >= 2, `tab 1 sent ${first.state.chunksUploaded} chunks`);
    const second = await inPage(async (recorder, entryId, Recorder, tab) => {
      const info = await (
        await fetch(`/api/v1/analysisEntry/${entryId}/resume`, { method: 'POST', credentials: 'include' })
      ).json();
      const { stream } = await tab.start({ recordedMs: info.recordedMs, steps: info.steps });
      const startedAt = recorder.elapsedMs();
      await tab.sleep(1500);
      const submitted = await tab.finishAndSubmit(stream);
      return { info, startedAt, state: recorder.state(), submitted };
    }, first.entryId);
    assert.equal(second.submitted, 200);
    assert.deepEqual(
      second.info.steps.map((s) => s.index),
      [0, 1],
      JSON.stringify(second.info),
    );
    // Measured against the chunks tab 1 had sent, not the wall clock: on a loaded machine
    // MediaRecorder delivers its 1 s chunks late, and 3 s of waiting may hold one chunk. Each chunk
    // ends at least a timeslice after the one before it.
    const sent = first.state.chunksUploaded;
    assert.ok(
      second.info.recordedMs >= sent * 900,
      `the server knows what segment 1 holds: recordedMs ${second.info.recordedMs} for ${sent} chunks`,
    );
    assert.ok(
      second.startedAt >= second.info.recordedMs,
      `the timer continued from the server's ${second.info.recordedMs} ms: ${second.startedAt} ms`,
    );
    const entry = await api(`/api/v1/analysisEntry/${first.entryId}`, { cookie: owner.cookie });
    assert.equal(entry.json.segments?.length, 2, entry.text);
    assert.ok(
      Math.abs(entry.json.durationMs - second.state.elapsedMs) < 2000,
      `${entry.json.durationMs} ms stored, ${second.state.elapsedMs} ms on the timer`,
    );
  });

  await check('abort stops the recording and deletes the entry and its chunks on the device', async () => {
    const out = await inPage(async (recorder, entryId, Recorder, tab) => {
      const { stream } = await tab.start();
      await tab.sleep(1500);
      await recorder.abort();
      stream.getTracks().forEach((t) => t.stop());
      return { state: recorder.state(), left: await Recorder.pending(entryId) };
    });
    assert.equal(out.state.phase, 'aborted');
    assert.equal(out.left.chunks, 0);
    const [row] = await sql(`SELECT status FROM analysis_entries WHERE id = ${q(out.entryId)}`);
    assert.ok(!row || row.status === 'abandoned', JSON.stringify(row));
  });
} finally {
  await context.close();
  await server.stop();
  rmSync(web, { recursive: true, force: true });
  if (ownServer) rmSync(stateDir, { recursive: true, force: true });
}
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
