// Recordings that survive anything (ADR 0005), in Chromium with fake screen and microphone against
// the real worker, D1 and R2: a reload mid-task resumed as a second segment; a browser killed with
// a persistent profile and relaunched; a microphone muted mid-recording, shared again as a new
// segment; a minute offline while recording and finishing; deleting
// an unfinished participation; and the size limit as the participant meets it. Expiry, which moves the server's clock, is in clock.spec.ts.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { attachApiFailures, expect, test, watchApiFailures } from './support/accounts';
import {
  card,
  entryOf,
  expectAccessible,
  probeRecording,
  recordingFor,
  recordingStatus,
  researcherWithAnalysis,
  startAnalysis,
} from './support/participation';
// @ts-expect-error: a plain ES module shared with the API tests (no type declarations).
import { openUploads, r2Keys } from '../api/recording.mjs';
// @ts-expect-error: a plain ES module shared with the API tests (no type declarations).
import { TEST_MAX_ENTRY_BYTES } from '../../scripts/lib/dev-server.mjs';
import config from './playwright.config';

const notice = (page: Page) => page.getByRole('heading', { name: 'Tienes una participación sin terminar' });

/** 'Continuar' on the notice, the permissions again, and back into the analysis (no consent modal). */
async function continueParticipation(page: Page) {
  await expect(notice(page)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirmación de Seguridad' })).toHaveCount(0);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
}

/** 'Finish Analysis' and the success modal. */
async function finish(page: Page) {
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 90_000 });
}

/** The segments the researcher gets, with what ffprobe reads in each file. */
async function segmentsOf(request: APIRequestContext, entryId: string) {
  const answer = await request.get(`/api/v1/analysisEntry/${entryId}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { durationMs: number; segments: { url: string; durationMs: number }[] };
  const probed = [];
  for (const segment of body.segments)
    probed.push({ ...segment, seconds: (await probeRecording(request, segment.url)).seconds });
  return {
    durationMs: body.durationMs,
    segments: probed,
    probedMs: probed.reduce((sum, s) => sum + s.seconds * 1000, 0),
  };
}

/**
 * A participant recording for `ms`, whose page keeps every microphone stream it gets (in
 * `window.lupaMicrophones`), so the test can mute or end the one being recorded.
 */
async function recordingWithMicrophonesKept(page: Page, request: APIRequestContext, ms: number) {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    const kept: MediaStream[] = [];
    (window as unknown as { lupaMicrophones: MediaStream[] }).lupaMicrophones = kept;
    devices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      kept.push(stream);
      return stream;
    };
  });
  return recordingFor(page, request, ms);
}

const next = async (page: Page, step: string) => {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(step)).toBeVisible();
};

test('a reload during task 2 is resumed as a second segment; both play and add up to the time recorded', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const analysisId = await researcherWithAnalysis(request);
  page.on('dialog', (dialog) => void dialog.accept());
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const firstStart = Date.now();
  await page.waitForTimeout(2000);
  await next(page, 'Step 2 of 5');
  await next(page, 'Step 3 of 5');
  await next(page, 'Step 4 of 5');
  await page.waitForTimeout(4000);
  const firstEnd = Date.now();

  await page.reload();
  await continueParticipation(page);
  const secondStart = Date.now();
  // Back on task 2, and the timer goes on from what was recorded.
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Task 2' })).toBeVisible();
  const shown = await page.getByTestId('recording-duration').textContent();
  const [minutes, seconds] = (shown ?? '00:00').split(':').map(Number);
  expect((minutes! * 60 + seconds!) * 1000).toBeGreaterThanOrEqual(firstEnd - firstStart - 3000);
  await page.waitForTimeout(4000);
  await next(page, 'Step 5 of 5');
  await page.waitForTimeout(2000);
  const secondEnd = Date.now();
  await finish(page);

  const entry = await entryOf(analysisId);
  expect(entry.status).toBe('submitted');
  const recordedMs = firstEnd - firstStart + (secondEnd - secondStart);
  const { segments, probedMs, durationMs } = await segmentsOf(request, entry.id);
  test.info().annotations.push({
    type: 'segments',
    description: `${segments.map((s) => s.seconds.toFixed(1)).join(' + ')} s probed, ${recordedMs} ms recorded`,
  });
  expect(segments).toHaveLength(2);
  expect(Math.abs(probedMs - recordedMs), `probed ${probedMs} ms, recorded ${recordedMs} ms`).toBeLessThanOrEqual(4000);
  expect(Math.abs(durationMs - recordedMs)).toBeLessThanOrEqual(4000);
  // Chapters cover the whole participation: the last step starts in the second segment. The resumed
  // tab does not mark task 2 again (ADR 0005: a mark of the step already current is ignored).
  const page_ = (await (await request.get(`/api/v1/entry/${entry.id}`)).json()) as {
    steps: { index: number; atMs: number }[];
  };
  expect(page_.steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
  expect(page_.steps.at(-1)!.atMs).toBeGreaterThan(segments[0]!.durationMs);
});

test('a browser killed mid-recording, with a persistent profile, offers to continue after relaunch', async ({
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const analysisId = await researcherWithAnalysis(request);
  const profile = await mkdtemp(join(tmpdir(), 'lupa-profile-'));
  // These browsers are not the fixture's: their failed API calls are noted here.
  const reports: (() => string)[] = [];
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...config.use?.launchOptions,
      baseURL,
      locale: 'es-ES',
      headless: true,
    });
    reports.push(watchApiFailures(context).report);
    return context;
  };
  try {
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await startAnalysis(page, analysisId);
    await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
    // Chromium writes cookies to the profile about every 30 s: record past that before the crash.
    await page.waitForTimeout(35_000);
    const killedAfterMs = 35_000;
    execFileSync('pkill', ['-9', '-f', `user-data-dir=${profile}`]);
    await context.close().catch(() => undefined);

    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/participate/${analysisId}`);
    await continueParticipation(page);
    // Killed on task 0 (the scenario): the resumed tab is there again.
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    await page.waitForTimeout(3000);
    for (const step of ['Step 2 of 5', 'Step 3 of 5', 'Step 4 of 5', 'Step 5 of 5']) await next(page, step);
    await finish(page);
    await context.close();

    const entry = await entryOf(analysisId);
    expect(entry.status).toBe('submitted');
    const { segments, probedMs } = await segmentsOf(request, entry.id);
    expect(segments.length).toBeGreaterThanOrEqual(2);
    // At most a couple of seconds of the killed capture may be lost (the chunk being recorded).
    expect(probedMs, `probed ${probedMs} ms`).toBeGreaterThan(killedAfterMs - 3000 + 2000);
  } finally {
    await attachApiFailures(
      testInfo,
      reports
        .map((r) => r())
        .filter(Boolean)
        .join('\n'),
    );
    await rm(profile, { recursive: true, force: true });
  }
});

test('a microphone the browser mutes mid-recording is reported in the panel; sharing it again records a new segment that reaches the server', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { analysisId } = await recordingWithMicrophonesKept(page, request, 4000);

  // As when the browser or the system stops the audio without ending the share: the track mutes
  // (an ended microphone is product §2.5's 'La grabación se ha detenido').
  await page.evaluate(() => {
    const streams = (window as unknown as { lupaMicrophones: MediaStream[] }).lupaMicrophones;
    const track = streams[streams.length - 1]?.getAudioTracks()[0];
    if (!track) throw new Error('no microphone track');
    track.dispatchEvent(new Event('mute'));
  });
  const warning = page.getByRole('alert').filter({ hasText: 'Tu micrófono está silenciado' });
  await expect(warning).toBeVisible({ timeout: 10_000 });
  await expect(warning).toContainText('tu voz no se está grabando');
  await expect(page.getByRole('dialog', { name: 'La grabación se ha detenido' })).toHaveCount(0);
  const shareAgain = page.getByRole('button', { name: 'Volver a compartir el micrófono' });
  await expect(shareAgain).toBeVisible();
  await expectAccessible(page);

  // Keyboard: the button is reachable and works from the keyboard.
  await shareAgain.focus();
  await page.keyboard.press('Enter');
  await expect(warning).toHaveCount(0, { timeout: 20_000 });
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const micCount = await page.evaluate(
    () => (window as unknown as { lupaMicrophones: MediaStream[] }).lupaMicrophones.length,
  );
  expect(micCount, 'a new microphone stream was requested').toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(5000);
  await next(page, 'Step 2 of 5');
  await next(page, 'Step 3 of 5');
  await next(page, 'Step 4 of 5');
  await next(page, 'Step 5 of 5');
  await finish(page);

  const entry = await entryOf(analysisId);
  const { segments } = await segmentsOf(request, entry.id);
  expect(segments, JSON.stringify(segments)).toHaveLength(2);
  expect(segments[0]!.seconds, 'the first segment kept what was recorded before').toBeGreaterThanOrEqual(3);
  expect(segments[1]!.seconds, 'the new segment with the new microphone reached the server').toBeGreaterThanOrEqual(4);
});

test('a microphone that goes silent without any event (the track stopped under the page) is reported too, and sharing again clears it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await recordingWithMicrophonesKept(page, request, 3000);
  // track.stop() fires no 'ended' and MediaRecorder records silence: only the level tells.
  await page.evaluate(() => {
    const streams = (window as unknown as { lupaMicrophones: MediaStream[] }).lupaMicrophones;
    streams[streams.length - 1]?.getAudioTracks()[0]?.stop();
  });
  const warning = page.getByRole('alert').filter({ hasText: 'No nos llega ningún sonido de tu micrófono' });
  await expect(warning).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('microphone-warning')).toBeVisible();
  await page.getByRole('button', { name: 'Volver a compartir el micrófono' }).click();
  await expect(warning).toHaveCount(0, { timeout: 20_000 });
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
});

test('a minute offline while recording, then Finish while still offline: nothing is lost', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const analysisId = await researcherWithAnalysis(request);
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const started = Date.now();
  await page.waitForTimeout(5000);

  // Chunk PUTs that fail while offline: the recorder waits for `online` (probing rarely) instead
  // of trying every chunk, two at a time, with a short backoff (hundreds of requests a minute).
  let failedChunkRequests = 0;
  let counting = true;
  page.on('requestfailed', (r) => {
    if (counting && r.method() === 'PUT' && /\/chunks\/\d+$/.test(new URL(r.url()).pathname)) failedChunkRequests += 1;
  });
  await page.context().setOffline(true);
  const offline = page.getByTestId('offline-indicator');
  await expect(offline).toBeVisible({ timeout: 15_000 });
  await expect(offline).toContainText('se guarda en este dispositivo');
  await expectAccessible(page);
  await page.waitForTimeout(55_000);
  await next(page, 'Step 2 of 5');
  await next(page, 'Step 3 of 5');
  await next(page, 'Step 4 of 5');
  await next(page, 'Step 5 of 5');
  const stopped = Date.now();
  // Finish while offline: it shows the upload waiting and never throws the recording away.
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByTestId('finish-waiting')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(5000);
  await expect(page.getByRole('dialog', { name: 'Success!' })).toHaveCount(0);
  counting = false;
  await page.context().setOffline(false);
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 120_000 });
  test.info().annotations.push({
    type: 'offline requests',
    description: `${failedChunkRequests} failed chunk PUTs in ~65 s offline`,
  });
  expect(failedChunkRequests, 'failed chunk PUTs while offline').toBeLessThanOrEqual(10);

  const entry = await entryOf(analysisId);
  const recordedMs = stopped - started;
  const { segments, probedMs, durationMs } = await segmentsOf(request, entry.id);
  test.info().annotations.push({ type: 'offline', description: `probed ${probedMs} ms, recorded ${recordedMs} ms` });
  expect(segments).toHaveLength(1);
  expect(Math.abs(durationMs - recordedMs), `server ${durationMs} ms, recorded ${recordedMs} ms`).toBeLessThanOrEqual(
    4000,
  );
  expect(Math.abs(probedMs - recordedMs), `probed ${probedMs} ms, recorded ${recordedMs} ms`).toBeLessThanOrEqual(4000);
});

test("'Eliminar grabación y salir' deletes every object of the participation and frees the place", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const { analysisId, entry } = await recordingFor(page, request, 6000, 1);
  const prefix = `analyses/${analysisId}/entries/${entry.id}/`;
  await expect.poll(() => (r2Keys(prefix) as string[]).length, { timeout: 15_000 }).toBeGreaterThan(0);

  await page.reload();
  await expect(notice(page)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Eliminar grabación y salir' }).click();
  await expect(page.getByRole('heading', { name: 'Participar en un análisis' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('ID de Análisis')).toHaveValue(analysisId);
  expect(r2Keys(prefix)).toEqual([]);
  expect(openUploads(prefix)).toEqual([]);
  expect((await entryOf(analysisId)).status).toBe('abandoned');
  const free = await request.post('/api/v1/analysis/validate-participation', { data: { analysisId } });
  expect(free.status(), await free.text()).toBe(200);
  // Nothing is offered any more.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Participar en un análisis' })).toBeVisible({ timeout: 15_000 });
});

test('past the size limit the participant is told, recording stops, and what was recorded can still be finished', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { analysisId, entry } = await recordingFor(page, request, 4000);
  // The participation's object counts stored bytes (ADR 0013); bring it to the limit instead of
  // recording 48 MiB (the test server's limit): filler chunks far past the recorder's numbers, in
  // the same browser (its capability cookie), are never part of the file and go at the close. The
  // next real chunk is over the limit and gets the worker's 413.
  // Big fillers first, then smaller ones, until not even 1 KB fits.
  let index = 49_000;
  for (const size of [4 * 1024 * 1024, 256 * 1024, 16 * 1024, 1024]) {
    const filler = Buffer.alloc(size, 7);
    for (let i = 0; i <= TEST_MAX_ENTRY_BYTES / size; i++) {
      const put = await page.request.put(`/api/v1/analysisEntry/${entry.id}/segments/1/chunks/${index++}`, {
        data: filler,
        headers: { 'content-type': 'application/octet-stream', 'x-lupa-end-ms': '1000' },
      });
      if (put.status() === 413) break;
      expect(put.status(), await put.text()).toBe(200);
    }
  }
  const limit = page.getByTestId('limit-message');
  await expect(limit).toHaveText(
    'La grabación ha alcanzado el tamaño máximo permitido. Puedes finalizar el análisis con lo grabado hasta ahora.',
    { timeout: 20_000 },
  );
  await expect(recordingStatus(page)).toHaveCount(0);
  for (const step of ['Step 2 of 5', 'Step 3 of 5', 'Step 4 of 5', 'Step 5 of 5']) await next(page, step);
  await finish(page);
  expect((await entryOf(analysisId)).status).toBe('submitted');
  const { segments, probedMs } = await segmentsOf(request, entry.id);
  expect(segments).toHaveLength(1);
  expect(probedMs).toBeGreaterThan(3000);
});
