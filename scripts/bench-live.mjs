// Benchmark of live viewing (ADR 0016) through the real worker, D1, R2 and the participation's
// Durable Object (its own `wrangler dev`): a real participant records in headless Chromium (the
// fake screen and microphone, the real recorder and uploads), and a researcher's live player plays
// it in a second browser. Both run on this machine, so one clock serves both sides:
//
//   delay = the viewer's wall clock when a frame is presented (requestVideoFrameCallback)
//           − (the segment's opening on the server's clock + the frame's media time)
//
// The segment is opened just before its MediaRecorder starts, so the delay is over-estimated by
// that gap (tens of ms). Printed for DURATION_S (120) seconds of watching, on loopback and with the
// participant's uplink throttled by CDP to each of UPLINKS (4 and 1 Mbit/s): p50 and p95 (targets
// 2 s and 3 s), and what one viewer costs per minute: chunk requests and bytes, WebSocket messages
// and bytes. Where the time goes, per screen chunk (p50 and p95):
//
//   known   = when the viewer's socket got the chunk's event − (the segment's opening + the chunk's
//             end): its upload (and the wait behind the other tracks' chunks), the object's write
//             and the push; a chunk is cut every second, so a frame waits up to one more before it;
//   behind  = how far the playhead sits behind the newest buffered frame (sampled every 200 ms):
//             the player's own margin (what it keeps against stalls, and what stalls added).
//
// The recorder's tier at each uplink is printed too (ADR 0023: below 1 Mbit/s it records less).
// Chromium records MP4, whose muxer cuts a chunk only at a key frame (one a second); WEBM=1 hides
// MP4 from the recorder, as Firefox has none: WebM is cut every half second while watched
// (recorder-wasm `live_cadence`).
//
//   npm run bench:live        (DURATION_S=120 UPLINKS=4,1 PHASES=loopback,throttled WEBM=0 to change)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './lib/dev-server.mjs';
import { login, playwrightCall } from './lib/accounts.mjs';
import { analysis, researcher } from './lib/bench-client.mjs';

const DURATION_S = Number(process.env.DURATION_S ?? 120);
const UPLINKS = (process.env.UPLINKS ?? '4,1').split(',').map(Number);
const PHASES = (process.env.PHASES ?? 'loopback,throttled').split(',');
const WEBM = process.env.WEBM === '1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-live-'));
const server = await startServer({ stateDir, maxEntryBytes: 2 * 1024 ** 3, usage: false });
const base = server.url;
let browser;

/** A participant in their own context, recording from the first step on; returns the page. */
async function participant(analysisId, uplinkMbps) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  if (uplinkMbps) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: (uplinkMbps * 1e6) / 8,
    });
  }
  page.on('dialog', (dialog) => void dialog.accept());
  if (WEBM) {
    // What Firefox records: the recorder takes MP4 first where the browser has it (Chromium).
    await page.addInitScript(() => {
      const supported = MediaRecorder.isTypeSupported.bind(MediaRecorder);
      MediaRecorder.isTypeSupported = (type) => !type.toLowerCase().startsWith('video/mp4') && supported(type);
    });
  }
  await page.goto(`/participate/${analysisId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click({ timeout: 30_000 });
  // Enabled once both permissions are granted: click waits for it.
  await page.getByRole('button', { name: 'Siguiente' }).click({ timeout: 30_000 });
  await page
    .getByRole('dialog', { name: 'Confirmación de Seguridad' })
    .getByRole('button', { name: 'Aceptar y Continuar' })
    .click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Grabando$/ })
    .waitFor({ timeout: 30_000 });
  return { page, context };
}

/** The researcher's live player on the participation: delays of presented frames, and what it fetched. */
async function watch(email, entryId) {
  const context = await browser.newContext({ baseURL: base });
  // Signed in on the context's own request client, so the page shares the session cookie.
  await login(playwrightCall(context.request), email);
  const page = await context.newPage();
  const cost = { requests: 0, bytes: 0, messages: 0, messageBytes: 0 };
  page.on('requestfinished', async (request) => {
    if (!request.url().includes('/api/v1/live-chunks/')) return;
    cost.requests += 1;
    cost.bytes += (await request.sizes().catch(() => ({ responseBodySize: 0 }))).responseBodySize;
  });
  // Each screen chunk's `known` figure (see the top): the segments' openings come with the events.
  const openedAt = new Map();
  const known = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const at = Date.now();
      cost.messages += 1;
      cost.messageBytes += typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      const event = typeof payload === 'string' ? JSON.parse(payload) : {};
      for (const segment of event.segments ?? (event.segment ? [event.segment] : []))
        if (segment.track === 'screen') openedAt.set(segment.seq, segment.openedAt);
      if (event.type === 'chunk' && event.chunk.track === 'screen' && openedAt.has(event.chunk.seq))
        known.push(at - (openedAt.get(event.chunk.seq) + event.chunk.endMs));
    }),
  );
  await page.goto(`/entry/${entryId}`);
  const video = page.getByTestId('live-video');
  await video.waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => (document.querySelector('[data-testid="live-video"]')?.currentTime ?? 0) > 0, null, {
    timeout: 60_000,
  });
  const started = { ...cost };
  known.length = 0;
  await video.evaluate((v) => {
    window.__delays = [];
    // How far the playhead sits behind the newest buffered frame, every 200 ms.
    window.__behind = [];
    setInterval(() => {
      const { buffered } = v;
      if (buffered.length > 0) window.__behind.push(buffered.end(buffered.length - 1) - v.currentTime);
    }, 200);
    const onFrame = (_now, meta) => {
      const openedAt = Number(v.dataset.openedAt);
      if (openedAt > 0)
        window.__delays.push(performance.timeOrigin + performance.now() - (openedAt + meta.mediaTime * 1000));
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  });
  await sleep(DURATION_S * 1000);
  const delays = await page.evaluate(() => window.__delays);
  const behind = await page.evaluate(() => window.__behind.map((s) => s * 1000));
  const spent = Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, v - started[k]]));
  await context.close();
  return { delays, spent, known: [...known], behind };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
/** The 1-minute load average: a viewer that presents few frames a second is the machine's doing. */
const loadavg = () => execFileSync('cat', ['/proc/loadavg']).toString().split(' ')[0];
const sortedOf = (values) => values.filter(Number.isFinite).sort((a, b) => a - b);
const seconds = (ms) => `${((ms ?? NaN) / 1000).toFixed(2)} s`;
/** The phases to run: loopback, then one throttled phase per uplink. */
const runs = PHASES.flatMap((phase) => (phase === 'throttled' ? UPLINKS : [0]));

try {
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
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const owner = await researcher(base, 'live');
  const analysisId = await analysis(owner, 10);
  console.log(
    `bench:live — ${DURATION_S} s of watching per phase, ${WEBM ? 'WebM' : 'MP4 (WebM if the browser has no MP4)'}, ${new Date().toISOString()}, ${execFileSync('nproc').toString().trim()} cores, load ${execFileSync('cat', ['/proc/loadavg']).toString().split(' ').slice(0, 3).join(' ')}`,
  );
  let missed = 0;
  for (const uplinkMbps of runs) {
    const { page, context } = await participant(analysisId, uplinkMbps);
    const entries = await owner.json('GET', `/api/v1/analysis/${analysisId}`);
    const live = entries.analysisData.AnalysisEntries.find((e) => e.status === 'in_progress');
    const tiers = new Set();
    const sampling = setInterval(() => {
      page
        .locator('[data-tier]')
        .first()
        .getAttribute('data-tier', { timeout: 1000 })
        .then((tier) => tier !== null && tiers.add(tier))
        .catch(() => undefined);
    }, 5000);
    const { delays, spent, known, behind } = await watch(owner.email, live.id);
    clearInterval(sampling);
    await page
      .getByRole('button', { name: 'Siguiente' })
      .click()
      .catch(() => undefined);
    await context.close();
    const sorted = sortedOf(delays);
    const minutes = DURATION_S / 60;
    const label = uplinkMbps ? `uplink ${uplinkMbps} Mbit/s` : 'loopback';
    const met = pct(sorted, 50) <= 2000 && pct(sorted, 95) <= 3000;
    if (!met) missed += 1;
    console.log(
      `${label.padEnd(18)} frames ${String(sorted.length).padStart(5)} (${(sorted.length / DURATION_S).toFixed(1)} a second; load ${loadavg()})  delay p50 ${seconds(pct(sorted, 50))}  p95 ${seconds(pct(sorted, 95))}` +
        `  (targets 2 s / 3 s: ${met ? 'met' : 'NOT met'})`,
    );
    const [k, b] = [sortedOf(known), sortedOf(behind)];
    console.log(
      `${''.padEnd(18)} where it goes: known ${seconds(pct(k, 50))} / ${seconds(pct(k, 95))} after a chunk's end (${k.length} chunks), ` +
        `playhead behind the newest frame ${seconds(pct(b, 50))} / ${seconds(pct(b, 95))}; tiers ${[...tiers].sort().join(', ') || 'n/a'}`,
    );
    console.log(
      `${''.padEnd(18)} per viewer minute: ${(spent.requests / minutes).toFixed(1)} chunk requests, ${(spent.bytes / minutes / 1e6).toFixed(2)} MB; ` +
        `${(spent.messages / minutes).toFixed(1)} socket messages, ${(spent.messageBytes / minutes / 1e3).toFixed(1)} kB`,
    );
  }
  process.exitCode = missed > 0 ? 1 : 0;
} finally {
  await browser?.close();
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
