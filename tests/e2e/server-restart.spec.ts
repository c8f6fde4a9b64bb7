// A server that restarts mid-recording loses nothing (issue 43): production restarts objects and
// isolates at will (deploys, evictions). This spec starts its own `wrangler dev` on its own state
// (the suite's server is never touched), records as a participant in Chromium with the fake screen
// and microphone while a researcher watches live in a second context, kills the server's whole
// process group as a crash would, starts it again 5 s later on the same state and port, and checks
// that nobody has to click anything: the recorder sends what it kept on the device and goes on in
// the same segment, the live view reconnects and plays the new chunks, Finish succeeds, and the
// researcher's recording plays with at most 2 s missing from the time recorded.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { attachApiFailures, clientHeaders, expect, test, watchApiFailures } from './support/accounts';
import {
  entryOf,
  probeRecording,
  recordingStatus,
  researcherWithAnalysis,
  startAnalysis,
} from './support/participation';
// @ts-expect-error: a plain ES module shared with the API tests (no type declarations).
import { startServer } from '../../scripts/lib/dev-server.mjs';
// @ts-expect-error: a plain ES module shared with the API tests (no type declarations).
import { ledgerOf } from '../api/recording.mjs';

interface Server {
  url: string;
  port: number;
  pid: number;
  stop: () => Promise<void>;
}

/** How long the participant records before the crash, and how long the server stays down (the figures). */
const BEFORE_CRASH_MS = 15_000;
const DOWN_MS = 5_000;

const isChunkPut = (method: string, url: string) => method === 'PUT' && /\/chunks\/\d+$/.test(new URL(url).pathname);

/** The live video's time in seconds. */
const liveTime = (page: Page) => page.getByTestId('live-video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Kills `server`'s whole process group (wrangler and workerd) at once and waits until none of it is left. */
async function crash(server: Server) {
  process.kill(-server.pid, 'SIGKILL');
  const gone = () => {
    try {
      process.kill(-server.pid, 0);
      return false;
    } catch {
      return true;
    }
  };
  await expect.poll(gone, { timeout: 15_000, message: 'the server died' }).toBe(true);
}

test('a server killed mid-recording and started again 5 s later: the recording resumes by itself, the live view reconnects, nothing is lost', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const stateDir = await mkdtemp(join(tmpdir(), 'lupa-restart-e2e-'));
  let server: Server = await startServer({ stateDir });
  const reports: (() => string)[] = [];
  const contexts: BrowserContext[] = [];
  try {
    const contextFor = async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'es-ES',
        extraHTTPHeaders: clientHeaders(),
      });
      contexts.push(context);
      reports.push(watchApiFailures(context).report);
      return context;
    };
    const participant = await (await contextFor()).newPage();
    const researcher = await (await contextFor()).newPage();
    // Every chunk PUT's answer, to check none was refused (a 409 `chunk_in_flight` would end the segment).
    const chunkAnswers: { at: number; status: number; path: string }[] = [];
    participant.on('response', (r) => {
      if (isChunkPut(r.request().method(), r.url()))
        chunkAnswers.push({ at: Date.now(), status: r.status(), path: new URL(r.url()).pathname });
    });

    const analysisId = await researcherWithAnalysis(researcher.request, 3, undefined, { stateDir });
    await startAnalysis(participant, analysisId);
    await expect(recordingStatus(participant)).toBeVisible({ timeout: 20_000 });
    const started = Date.now();
    const entry = await entryOf(analysisId, stateDir);

    // The researcher watches live.
    await researcher.goto(`/entry/${entry.id}`);
    await expect(researcher.getByRole('heading', { name: 'Participación en directo' })).toBeVisible({
      timeout: 20_000,
    });
    await expect
      .poll(() => liveTime(researcher), { timeout: 30_000, message: 'the live video plays' })
      .toBeGreaterThan(1);

    // The crash comes while a chunk's body is on its way: its reservation is in the ledger with
    // nothing stored, and the request that made it dies with the server (ADR 0013). On loopback a
    // chunk takes milliseconds, so the participant's uplink is narrowed first (Chromium's own
    // throttling streams the body slowly) until the ledger shows a reservation.
    await participant.waitForTimeout(Math.max(0, BEFORE_CRASH_MS - (Date.now() - started)));
    const uplink = await participant.context().newCDPSession(participant);
    const throttle = (uploadThroughput: number) =>
      uplink.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await uplink.send('Network.enable');
    await throttle(32 * 1024);
    const reserved = () =>
      (ledgerOf(entry.id, stateDir) as { reserved_bytes: number } | undefined)?.reserved_bytes ?? 0;
    await expect
      .poll(reserved, { timeout: 15_000, intervals: [50], message: 'a chunk is reserved, its body streaming' })
      .toBeGreaterThan(0);
    await crash(server);
    const crashedAt = Date.now();
    await throttle(-1);
    const liveAtCrash = await liveTime(researcher);
    const leftReserved = reserved();
    testInfo.annotations.push({
      type: 'crash',
      description: `after ${crashedAt - started} ms recorded; the ledger kept ${leftReserved} reserved bytes of uploads the crash ended`,
    });
    expect(leftReserved, 'the crash left a reservation whose upload died with it').toBeGreaterThan(0);

    // While it is down the participant keeps recording onto the device; the page may say so.
    await participant.waitForTimeout(DOWN_MS);
    server = await startServer({ stateDir, port: server.port });
    const restartedAt = Date.now();

    // The recorder finds the server again by itself: chunks are acknowledged again, in the same
    // segment (no reload, no 'Continuar'), and the page still records.
    await expect
      .poll(() => chunkAnswers.filter((a) => a.at > restartedAt && a.status === 200).length, {
        timeout: 45_000,
        message: 'chunks are stored again after the restart',
      })
      .toBeGreaterThan(0);
    const resumedAt = Date.now();
    await expect(recordingStatus(participant)).toBeVisible();
    await expect(participant.getByRole('dialog', { name: 'La grabación se ha detenido' })).toHaveCount(0);
    await expect(participant.getByTestId('offline-indicator')).toHaveCount(0, { timeout: 30_000 });

    // The live view reconnects by itself and plays what arrives after the restart.
    await expect(researcher.getByTestId('live-disconnected')).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(() => liveTime(researcher), {
        timeout: 30_000,
        message: 'the live video plays past where the crash stopped it',
      })
      .toBeGreaterThan(liveAtCrash + 2);
    testInfo.annotations.push({
      type: 'resume',
      description: `chunks stored again ${resumedAt - restartedAt} ms after the restart (${restartedAt - crashedAt} ms down)`,
    });

    for (const step of ['Step 2 of 5', 'Step 3 of 5', 'Step 4 of 5', 'Step 5 of 5']) {
      await participant.getByRole('button', { name: 'Siguiente' }).click();
      await expect(participant.getByText(step)).toBeVisible();
    }
    const stopped = Date.now();
    await participant.getByRole('button', { name: 'Finish Analysis' }).click();
    await expect(participant.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 90_000 });
    expect(
      chunkAnswers.filter((a) => a.status !== 200),
      'no chunk was refused',
    ).toEqual([]);

    // The researcher's page turns into the recorded player, which plays and advances.
    await expect(researcher.getByTestId('live-video')).toHaveCount(0, { timeout: 30_000 });
    const video = researcher.getByTestId('entry-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const from = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      return v.currentTime;
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 15_000,
        message: 'the recording plays',
      })
      .toBeGreaterThan(from + 1);

    // One capture, whole: the file's length is the time recorded, the outage included.
    const answer = await researcher.request.get(`/api/v1/analysisEntry/${entry.id}`);
    expect(answer.status(), await answer.text()).toBe(200);
    const recording = (await answer.json()) as { durationMs: number; segments: { url: string; durationMs: number }[] };
    expect(recording.segments, 'the recorder went on in the same segment').toHaveLength(1);
    const probedMs = (await probeRecording(researcher.request, recording.segments[0]!.url)).seconds * 1000;
    const recordedMs = stopped - started;
    testInfo.annotations.push({
      type: 'durations',
      description: `probed ${Math.round(probedMs)} ms, server ${recording.durationMs} ms, recorded ${recordedMs} ms`,
    });
    expect(Math.abs(probedMs - recordedMs), `probed ${probedMs} ms, recorded ${recordedMs} ms`).toBeLessThanOrEqual(
      2000,
    );
    expect(
      Math.abs(recording.durationMs - recordedMs),
      `server ${recording.durationMs} ms, recorded ${recordedMs} ms`,
    ).toBeLessThanOrEqual(2000);
  } finally {
    await attachApiFailures(
      testInfo,
      reports
        .map((r) => r())
        .filter(Boolean)
        .join('\n'),
    );
    for (const context of contexts) await context.close();
    await server.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
});
