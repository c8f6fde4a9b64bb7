// Recordings that fit the participant's uplink (ADR 0023), in Chromium with fake screen and
// microphone against the real worker, D1 and R2, the uplink narrowed by Chromium's own throttling
// (CDP streams request bodies at the rate given): a 0.5 Mbit/s participant records two minutes and
// Finish takes seconds; an uplink that collapses mid-recording moves the recording to a lower tier
// in a new segment, and the researcher's player plays across it and says which part is lower.
// The pre-flight probe on the permissions step chooses the first tier.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import {
  entryOf,
  probeRecording,
  recordingStatus,
  researcherWithAnalysis,
  startAnalysis,
} from './support/participation';
import { expectVideoAdvances } from './support/media';

/** Caps the page's upload rate (bit/s; `null` lifts the cap). */
async function throttle(page: Page, bitsPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bitsPerSecond === null ? 0 : 20,
    downloadThroughput: -1,
    uploadThroughput: bitsPerSecond === null ? -1 : bitsPerSecond / 8,
  });
}

interface Segment {
  url: string;
  durationMs: number;
  tier?: number;
}

/**
 * The segments the researcher gets, each probed by ffprobe: its length, its bytes, and whether it
 * is WebM (lower tiers are, where the browser records it: MP4 would cost a key frame a second).
 */
async function segmentsOf(request: APIRequestContext, entryId: string) {
  const answer = await request.get(`/api/v1/analysisEntry/${entryId}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { durationMs: number; segments: Segment[] };
  const probed = [];
  for (const segment of body.segments) {
    const url = new URL(segment.url);
    const bytes = (await (await request.get(`${url.pathname}${url.search}`)).body()).length;
    const { seconds, format } = await probeRecording(request, segment.url);
    probed.push({ ...segment, bytes, seconds, webm: format.includes('webm') });
  }
  return { durationMs: body.durationMs, segments: probed };
}

/** Samples the recording panel's tier, backlog and uplink measure every 2 s until stopped. */
function sampleRecorder(page: Page) {
  const samples: string[] = [];
  const started = Date.now();
  const timer = setInterval(() => {
    void page
      .locator('aside.recording-panel')
      .evaluate((panel: HTMLElement) => [panel.dataset.tier, panel.dataset.backlogMs, panel.dataset.uplinkBps])
      .then(([tier, backlog, uplink]) =>
        samples.push(`${Math.round((Date.now() - started) / 1000)}s t${tier} b${backlog} u${uplink}`),
      )
      .catch(() => undefined);
  }, 2000);
  return () => {
    clearInterval(timer);
    return samples.join(' | ');
  };
}

/** Walks the five steps over `ms`, then Finish: returns how long Finish took to 'Success!'. */
async function recordAndFinish(page: Page, ms: number, during?: (elapsed: number) => Promise<void>) {
  const stop = sampleRecorder(page);
  const started = Date.now();
  for (const step of ['Step 2 of 5', 'Step 3 of 5', 'Step 4 of 5', 'Step 5 of 5']) {
    await page.waitForTimeout(ms / 5);
    await during?.(Date.now() - started);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText(step)).toBeVisible();
  }
  await page.waitForTimeout(Math.max(0, ms - (Date.now() - started)));
  const recordedMs = Date.now() - started;
  const finishAt = Date.now();
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 120_000 });
  const finishMs = Date.now() - finishAt;
  const trace = stop();
  console.log(`recorder: ${trace}`);
  test.info().annotations.push({ type: 'recorder', description: trace });
  return { finishMs, recordedMs };
}

/**
 * Nothing lost: the recorder's clock (the server's duration) covers what the test waited, and
 * the files hold that whole timeline (a tier change leaves no gap and repeats nothing).
 */
function expectWhole(segments: { seconds: number }[], durationMs: number, recordedMs: number) {
  const probedMs = segments.reduce((sum, s) => sum + s.seconds * 1000, 0);
  expect(durationMs, `${durationMs} ms on the timeline, ${recordedMs} ms waited`).toBeGreaterThanOrEqual(
    recordedMs - 1500,
  );
  expect(Math.abs(probedMs - durationMs), `probed ${probedMs} ms of ${durationMs} ms`).toBeLessThanOrEqual(3000);
}

/** 'MM:SS de MM:SS' of the player's position slider, in seconds. */
async function position(page: Page): Promise<number> {
  const text =
    (await page.getByRole('slider', { name: 'Posición de la reproducción' }).getAttribute('aria-valuetext')) ?? '';
  const [minutes, seconds] = (text.split(' ')[0] ?? '0:0').split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

const REDUCED = 'Grabado con calidad reducida (conexión lenta)';

/**
 * The researcher's player (signed in as `request`'s researcher) plays on from just before each
 * segment's end into the next, and says so while a lower-tier segment plays.
 */
async function playsAcross(page: Page, request: APIRequestContext, entryId: string, segments: Segment[]) {
  await page.context().addCookies((await request.storageState()).cookies);
  await page.goto(`/entry/${entryId}`);
  const video = page.getByTestId('entry-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await expectVideoAdvances(video);
  const note = page.getByText(REDUCED);
  await expect(note).toHaveCount(segments[0]!.tier! > 0 ? 1 : 0);
  let boundary = 0;
  for (const [i, segment] of segments.slice(0, -1).entries()) {
    boundary += segment.durationMs / 1000;
    await page.getByRole('slider', { name: 'Posición de la reproducción' }).fill(String(Math.max(0, boundary - 2)));
    await expect.poll(() => position(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(Math.floor(boundary) + 1);
    await expect(note).toHaveCount(segments[i + 1]!.tier! > 0 ? 1 : 0);
  }
}

test('a participant on a 0.5 Mbit/s uplink records two minutes and Finish takes seconds; the recording plays', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const analysisId = await researcherWithAnalysis(request);
  await throttle(page, 500_000);
  // A participant takes longer over the permissions than the probe's 256 KB take at 0.5 Mbit/s
  // (about 4 s); the test waits for it as they would.
  await startAnalysis(page, analysisId, {
    beforePermissions: async (p) => {
      await p.waitForResponse((r) => r.url().includes('/uplink-probe'), { timeout: 30_000 });
    },
  });
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const { finishMs, recordedMs } = await recordAndFinish(page, 120_000);
  test.info().annotations.push({ type: 'finish', description: `${finishMs} ms after ${recordedMs} ms recorded` });
  const entry = await entryOf(analysisId);
  expect(entry.status).toBe('submitted');
  const { segments, durationMs } = await segmentsOf(request, entry.id);
  console.log(
    `segments: ${segments.map((s) => `${s.seconds.toFixed(1)} s at tier ${s.tier ?? '?'} (${Math.round((s.bytes * 8) / s.seconds / 1000)} kbit/s)`).join(', ')}; Finish ${finishMs} ms`,
  );
  test.info().annotations.push({
    type: 'segments',
    description: segments
      .map(
        (s) =>
          `${s.seconds.toFixed(1)} s at tier ${s.tier ?? '?'} (${Math.round((s.bytes * 8) / s.seconds / 1000)} kbit/s)`,
      )
      .join(', '),
  });
  expect(finishMs, 'Finish → Success on 0.5 Mbit/s').toBeLessThan(10_000);
  // The pre-flight probe measured the uplink: the recording started below product §9's rates.
  expect(segments.map((s) => s.tier)).not.toContain(0);
  expect(segments.map((s) => s.webm)).not.toContain(false);
  expectWhole(segments, durationMs, recordedMs);
  await playsAcross(page, request, entry.id, segments);
});

test('an uplink that collapses mid-recording moves it to a lower tier in a new segment; nothing is lost', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const analysisId = await researcherWithAnalysis(request);
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  // 10 s at full speed, then a link narrower than what Chromium's fake screen records at
  // product §9's rates (about 0.6 Mbit/s with the microphone), until Finish.
  const { finishMs, recordedMs } = await recordAndFinish(page, 50_000, async (elapsed) => {
    if (elapsed < 15_000) await throttle(page, 250_000);
  });
  test.info().annotations.push({ type: 'finish', description: `${finishMs} ms after ${recordedMs} ms recorded` });

  const entry = await entryOf(analysisId);
  const { segments, durationMs } = await segmentsOf(request, entry.id);
  console.log(
    `segments: ${segments.map((s) => `${s.seconds.toFixed(1)} s at tier ${s.tier ?? '?'} (${Math.round((s.bytes * 8) / s.seconds / 1000)} kbit/s)`).join(', ')}; Finish ${finishMs} ms`,
  );
  test.info().annotations.push({
    type: 'segments',
    description: segments
      .map(
        (s) =>
          `${s.seconds.toFixed(1)} s at tier ${s.tier ?? '?'} (${Math.round((s.bytes * 8) / s.seconds / 1000)} kbit/s)`,
      )
      .join(', '),
  });
  expect(segments.length, 'a tier change is a new segment').toBeGreaterThanOrEqual(2);
  // Full speed at the start (the probe's figure): product §9's rates; then lower.
  expect(segments[0]!.tier).toBe(0);
  expect(segments.at(-1)!.tier).toBeGreaterThan(0);
  // Product §9's MP4 at tier 0, WebM below it: the player plays across the change of format.
  expect(segments.map((s) => s.webm)).toEqual(segments.map((s) => s.tier! > 0));
  expectWhole(segments, durationMs, recordedMs);
  await throttle(page, null);
  await playsAcross(page, request, entry.id, segments);
});
