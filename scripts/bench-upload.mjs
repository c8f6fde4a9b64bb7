// Benchmark: time from "Finish Analysis" to "Success!" for 1- and 10-minute recordings on a
// throttled uplink, progressive upload (parts while recording) vs one upload at the end (the
// spec's signed PUT). Synthetic bytes at the recorder's bitrate go through the real worker, D1
// and R2 (its own `wrangler dev`). Time runs SCALE times faster than real life for both the
// recording and the uplink, so figures are reported as real-time equivalents. Prints figures only.
//
//   npm run bench:upload               (SCALE=20 UPLINK_MBPS=4 MINUTES=1,10 to change)
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer } from './lib/dev-server.mjs';

const SCALE = Number(process.env.SCALE ?? 20);
const UPLINK_BPS = (Number(process.env.UPLINK_MBPS ?? 4) * 1e6) / 8; // bytes per real second
const RECORD_BPS = (1_000_000 + 96_000) / 8; // spec §9 video + audio bitrates
const MINUTES = (process.env.MINUTES ?? '1,10').split(',').map(Number);
const PART = 5 * 1024 * 1024;
const root = new URL('..', import.meta.url).pathname;

const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-upload-'));
const server = await startServer({ stateDir });
const { hostname, port } = new URL(server.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One HTTP call; `body` is sent paced at the (scaled) uplink rate when `paced`. */
function call(method, path, { body, cookie, type = 'application/json', paced = false } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? Buffer.from(body) : Buffer.from(JSON.stringify(body));
    const headers = { 'cf-connecting-ip': '10.200.0.1' };
    if (cookie) headers.cookie = cookie;
    if (data) Object.assign(headers, { 'content-type': type, 'content-length': data.length });
    const req = request({ hostname, port, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (!data) return req.end();
    if (!paced) return req.end(data);
    (async () => {
      const slice = 64 * 1024;
      for (let i = 0; i < data.length; i += slice) {
        req.write(data.subarray(i, i + slice));
        await sleep((Math.min(slice, data.length - i) / (UPLINK_BPS * SCALE)) * 1000);
      }
      req.end();
    })();
  });
}
const json = (r) => JSON.parse(r.text);

async function setup() {
  const email = `bench-${Date.now()}@example.com`;
  await call('POST', '/api/v1/auth/register/local/customer', { body: { username: email, password: 'una clave de prueba larga' } });
  const login = await call('POST', '/api/v1/auth/login/local', { body: { username: email, password: 'una clave de prueba larga' } });
  const cookie = login.headers['set-cookie'][0].split(';')[0];
  const userId = json(login).user.id;
  const now = Date.now();
  execFileSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--command',
    `INSERT INTO subscriptions (id, user_id, status, plan, current_period_end, created_at, updated_at) VALUES ('sub_bench', '${userId}', 'active', 'basic', ${now + 86400000}, ${now}, ${now})`], { cwd: root, stdio: 'ignore' });
  const analysis = await call('POST', '/api/v1/analysis', { cookie, body: { name: 'Bench', url: 'example.com', maxNumberOfParticipants: 100, scenario: '', tasks: [{ taskType: 'text', taskContent: 'T' }], device: 'computer' } });
  return json(analysis).analysisData.id;
}

async function participate(analysisId) {
  const res = await call('POST', '/api/v1/analysis/participate', { body: { analysisId } });
  return { entry: json(res).analysisEntryId, cap: res.headers['set-cookie'][0].split(';')[0] };
}

/** Parts go up while "recording"; returns ms from finish to submitted (scaled back to real time). */
async function progressive(analysisId, seconds) {
  const { entry, cap } = await participate(analysisId);
  await call('POST', `/api/v1/analysisEntry/${entry}/upload`, { cookie: cap, body: { mimeType: 'video/mp4' } });
  const total = Math.round(seconds * RECORD_BPS);
  let recorded = 0;
  let uploaded = 0;
  let part = 1;
  let recording = true;
  const uploader = (async () => {
    for (;;) {
      const ready = recorded - uploaded;
      if (ready >= PART || (!recording && ready > 0)) {
        const size = Math.min(PART, ready);
        const res = await call('PUT', `/api/v1/analysisEntry/${entry}/parts/${part}`, { cookie: cap, body: Buffer.alloc(size, part), type: 'application/octet-stream', paced: true });
        if (res.status !== 200) throw new Error(`part ${part}: ${res.status} ${res.text}`);
        uploaded += size;
        part += 1;
      } else if (!recording) return;
      else await sleep(20);
    }
  })();
  const tick = 100; // ms of scaled time per recorder chunk
  while (recorded < total) {
    await sleep(tick);
    recorded = Math.min(total, recorded + (RECORD_BPS * SCALE * tick) / 1000);
  }
  const finish = performance.now();
  recording = false;
  await uploader;
  const done = await call('POST', `/api/v1/analysisEntry/${entry}/complete`, { cookie: cap, body: { durationMs: seconds * 1000 } });
  if (done.status !== 200) throw new Error(`complete: ${done.text}`);
  await call('PATCH', '/api/v1/analysisEntry', { cookie: cap, body: { analysisEntryId: entry, analysisEntryStatus: 'submitted' } });
  return (performance.now() - finish) * SCALE;
}

/** The whole file goes up after "Finish". */
async function single(analysisId, seconds) {
  const { entry, cap } = await participate(analysisId);
  const bytes = Buffer.alloc(Math.round(seconds * RECORD_BPS), 7);
  const finish = performance.now();
  const signed = json(await call('POST', '/api/v1/analysisEntry/upload-url', { cookie: cap, body: { analysisEntryId: entry, analysisId } }));
  const url = new URL(signed.analysisEntryPresignedUploadUrl);
  const put = await call('PUT', url.pathname + url.search, { body: bytes, type: 'video/mp4', paced: true });
  if (put.status !== 200) throw new Error(`single upload: ${put.status} ${put.text}`);
  await call('PATCH', '/api/v1/analysisEntry', { cookie: cap, body: { analysisEntryId: entry, analysisEntryStatus: 'submitted' } });
  return (performance.now() - finish) * SCALE;
}

try {
  const analysisId = await setup();
  console.log(`uplink ${(UPLINK_BPS * 8) / 1e6} Mbit/s, recording ${(RECORD_BPS * 8) / 1e6} Mbit/s, time scaled ×${SCALE}`);
  for (const minutes of MINUTES) {
    const p = await progressive(analysisId, minutes * 60);
    const s = await single(analysisId, minutes * 60);
    console.log(`${String(minutes).padStart(3)} min recording (${((minutes * 60 * RECORD_BPS) / 1e6).toFixed(1)} MB): Finish → Success  progressive ${(p / 1000).toFixed(1)} s   single upload ${(s / 1000).toFixed(1)} s`);
  }
} finally {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
