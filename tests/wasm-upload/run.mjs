// The recorder WASM against the real worker (wrangler dev: workerd + local D1/R2), end to end:
// a page on the worker's own origin claims a place (the capability cookie lands in the browser),
// records Chromium's fake camera + microphone for ~4 s with the real `Recorder`, uploads in parts
// while recording, completes and submits; then the researcher's entry page must list the step
// chapters and serve a file ffprobe reads with the right duration. A second run aborts and must
// leave nothing behind.
//
//   npm run build && bash scripts/run-node.sh tests/wasm-upload/run.mjs
//
// Uses LUPA_BASE_URL + LUPA_STATE_DIR when both are set (a server you started), otherwise starts
// its own `wrangler dev` on a free port with a throw-away state directory. Last line:
// `N passed, N failed`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/lib/dev-server.mjs';

const root = new URL('../..', import.meta.url).pathname;
const results = { passed: 0, failed: 0 };

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
execFileSync('cargo', ['build', '-p', 'lupa-recorder', '--release', '--target', 'wasm32-unknown-unknown', '--quiet'], { cwd: root, stdio: 'inherit' });
execFileSync('wasm-bindgen', ['--target', 'web', '--out-dir', web, 'target/wasm32-unknown-unknown/release/lupa_recorder.wasm'], { cwd: root, stdio: 'inherit' });

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
const { api, signUp } = await import('../api/helpers.mjs');
const { q, sql } = await import('../api/db.mjs');

const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'lupa-chromium-')), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
});

try {
  // Serve the recorder from the worker's origin, so its requests are same-origin and carry the cookie.
  await context.route(`${server.url}/__recorder/**`, (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    if (name === 'index.html') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>recorder</title>' });
    const type = name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(join(web, name)) });
  });

  const owner = await signUp('recorder');
  const now = Date.now();
  await sql(`INSERT INTO subscriptions (id, user_id, status, plan, current_period_end, created_at, updated_at)
    VALUES (${q(`sub_${owner.user.id}`)}, ${q(owner.user.id)}, 'active', 'basic', ${now + 86400000}, ${now}, ${now})`);
  const created = await api('/api/v1/analysis', {
    method: 'POST', cookie: owner.cookie,
    body: { name: 'Grabación real', url: 'example.com', maxNumberOfParticipants: 5, scenario: 'S', tasks: [{ taskType: 'text', taskContent: 'Busca' }], device: 'computer' },
  });
  assert.equal(created.status, 201, created.text);
  const analysisId = created.json.analysisData.id;

  /** Runs `body(recorder, entryId)` in a fresh page after claiming a place there. */
  async function inPage(body) {
    const page = await context.newPage();
    page.on('console', (m) => console.log(`  [page] ${m.text()}`));
    await page.goto(`${server.url}/__recorder/index.html`);
    const result = await page.evaluate(async ({ analysisId, body }) => {
      const claim = await fetch('/api/v1/analysis/participate', {
        method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ analysisId }),
      });
      const { analysisEntryId: entryId } = await claim.json();
      const { default: init, Recorder } = await import('/__recorder/lupa_recorder.js');
      await init({ module_or_path: '/__recorder/lupa_recorder_bg.wasm' });
      const recorder = new Recorder(entryId, '/api/v1');
      const run = new Function('recorder', 'entryId', `return (${body})(recorder, entryId);`);
      return { entryId, ...(await run(recorder, entryId)) };
    }, { analysisId, body: body.toString() });
    await page.close();
    return result;
  }

  await check('a real recording uploads in parts, completes, submits and plays with its duration', async () => {
    const out = await inPage(async (recorder, entryId) => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      const changes = [];
      recorder.onChange((s) => changes.push(s.phase));
      await recorder.start(stream);
      recorder.markStep(0);
      await new Promise((r) => setTimeout(r, 2000));
      recorder.markStep(1);
      await new Promise((r) => setTimeout(r, 2000));
      await recorder.finish();
      stream.getTracks().forEach((t) => t.stop());
      const submit = await fetch('/api/v1/analysisEntry', {
        method: 'PATCH', credentials: 'include', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ analysisEntryId: entryId, analysisEntryStatus: 'submitted' }),
      });
      return { state: recorder.state(), changes, submitted: submit.status };
    });
    assert.equal(out.state.phase, 'done', JSON.stringify(out.state));
    assert.equal(out.state.progress, 100);
    assert.ok(out.state.mimeType.startsWith('video/mp4'), out.state.mimeType);
    assert.ok(out.changes.includes('done'), out.changes.join());
    assert.equal(out.submitted, 200);
    const [row] = await sql(`SELECT status, recording_size, duration_ms, recording_mime FROM analysis_entries WHERE id = ${q(out.entryId)}`);
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
    assert.equal(file.length, out.state.bytesRecorded);
    const path = join(web, 'recording.mp4');
    writeFileSync(path, file);
    const probed = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]).toString().trim();
    assert.ok(Math.abs(Number(probed) * 1000 - row.duration_ms) < 1500, `ffprobe ${probed} s vs ${row.duration_ms} ms`);
  });

  await check('a long recording crosses several 5 MiB parts through injected failures and arrives byte-identical', async () => {
    // Part PUTs pass through here: the first try of parts 1 and 2 fails (a 503, then a dropped
    // connection); every body the server accepted is kept, by part number, to compare with R2.
    const accepted = new Map();
    const tries = new Map();
    await context.route('**/api/v1/analysisEntry/*/parts/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PUT') return route.continue();
      const part = Number(new URL(request.url()).pathname.split('/').pop());
      const attempt = (tries.get(part) ?? 0) + 1;
      tries.set(part, attempt);
      if (part === 1 && attempt === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"busy","code":"busy"}' });
      if (part === 2 && attempt === 1) return route.abort('connectionreset');
      const response = await route.fetch();
      if (response.status() === 200) accepted.set(part, request.postDataBuffer());
      return route.fulfill({ response });
    });
    const out = await inPage(async (recorder, entryId) => {
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
        await new Promise((r) => setTimeout(r, 1000));
      }
      await recorder.finish();
      clearInterval(paint);
      stream.getTracks().forEach((t) => t.stop());
      const submit = await fetch('/api/v1/analysisEntry', {
        method: 'PATCH', credentials: 'include', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ analysisEntryId: entryId, analysisEntryStatus: 'submitted' }),
      });
      return { state: recorder.state(), submitted: submit.status };
    });
    await context.unroute('**/api/v1/analysisEntry/*/parts/*');
    assert.equal(out.state.phase, 'done', JSON.stringify(out.state));
    assert.equal(out.submitted, 200);
    assert.ok(accepted.size >= 3, `only ${accepted.size} parts`);
    assert.ok(tries.get(1) >= 2 && tries.get(2) >= 2, 'the failed parts were retried');
    const sent = Buffer.concat([...accepted.keys()].sort((a, b) => a - b).map((n) => accepted.get(n)));
    for (const n of [...accepted.keys()].sort((a, b) => a - b).slice(0, -1)) assert.equal(accepted.get(n).length, 5 * 1024 * 1024, `part ${n}`);
    const entry = await api(`/api/v1/entry/${out.entryId}`, { cookie: owner.cookie });
    const stored = Buffer.from(await (await fetch(new URL(entry.json.entryUrl, server.url))).arrayBuffer());
    assert.equal(stored.length, out.state.bytesRecorded);
    assert.ok(stored.equals(sent), 'the object in R2 is byte-identical to what the recorder sent');
  });

  await check('abort stops the recording and deletes the entry', async () => {
    const out = await inPage(async (recorder) => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      await recorder.start(stream);
      await new Promise((r) => setTimeout(r, 1500));
      await recorder.abort();
      stream.getTracks().forEach((t) => t.stop());
      return { state: recorder.state() };
    });
    assert.equal(out.state.phase, 'aborted');
    const [row] = await sql(`SELECT status, upload_id FROM analysis_entries WHERE id = ${q(out.entryId)}`);
    assert.equal(row.status, 'abandoned', JSON.stringify(row));
  });
} finally {
  await context.close();
  await server.stop();
  rmSync(web, { recursive: true, force: true });
  if (ownServer) rmSync(stateDir, { recursive: true, force: true });
}
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
