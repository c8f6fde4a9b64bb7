// The participation flow end to end against the real worker, local D1/R2 and the real recorder
// wasm, in Chromium with fake media devices (a test-pattern "monitor" and a fake microphone):
// a recording through every step checked with ffprobe and the entry's step marks; the id
// validation messages; screen/microphone denials; and a stopped share deleting the participation.
import { expect, test } from './support/accounts';
import { literal, sql } from './support/db';
import {
  card,
  expectAccessible,
  probeRecording,
  recordingFor,
  researcherWithAnalysis,
  SCENARIO,
  startAnalysis,
  TASKS,
} from './support/participation';

test('a participant records every step; the researcher gets a playable file with step marks', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const analysisId = await researcherWithAnalysis(request);
  const consentedAt = await startAnalysis(page, analysisId);

  // Recording starts by itself once participate succeeded.
  await expect(page.getByRole('status').filter({ hasText: /^Grabando$/ })).toBeVisible({ timeout: 20_000 });
  const startedAt = Date.now();
  await expect(page.getByText(SCENARIO)).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Progreso del análisis' });
  await expect(progress).toHaveAttribute('aria-valuenow', '20');
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Análisis en curso' })).toBeFocused();
  await expectAccessible(page);

  // Different time on each step, so the step marks differ (the recording length matters here).
  const dwell = () => page.waitForTimeout(3000);
  await dwell();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  const site = page.getByRole('link', { name: /https:\/\/example\.com/ });
  await expect(site).toHaveAttribute('href', 'https://example.com');
  await expect(site).toHaveAttribute('target', '_blank');
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('heading', { name: 'Web que vas a probar' })).toBeFocused();
  await dwell();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Task 1' })).toBeVisible();
  await expect(page.getByText(TASKS[0]!)).toBeVisible();
  await dwell();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Task 2' })).toBeVisible();
  await expect(page.getByRole('link', { name: /https:\/\/example\.com\/ayuda/ })).toHaveAttribute(
    'href',
    'https://example.com/ayuda',
  );
  await dwell();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('button', { name: 'Siguiente' })).toHaveCount(0);
  await dwell();
  await expect(page.getByTestId('recording-duration')).not.toHaveText('00:00');

  const finishedAt = Date.now();
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toBeVisible({ timeout: 60_000 });
  const shownAt = Date.now();
  await expect(success).toContainText(
    'Your recording has been uploaded successfully. Thank you for participating in this analysis.',
  );
  // After 3 s the thank-you (ADR 0010), not the form.
  await expect(page.getByRole('heading', { name: 'Gracias por participar' })).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2000);
  await expect(page.getByLabel('ID de Análisis')).toHaveCount(0);
  const recordedMs = finishedAt - startedAt;

  // The researcher's view: one submitted entry.
  const detail = await request.get(`/api/v1/analysis/${analysisId}`);
  expect(detail.status()).toBe(200);
  const { analysisData } = (await detail.json()) as {
    analysisData: { _count: { AnalysisEntries: number }; AnalysisEntries: { id: string; status: string }[] };
  };
  expect(analysisData._count.AnalysisEntries).toBe(1);
  const submitted = analysisData.AnalysisEntries.filter((entry) => entry.status === 'submitted');
  expect(submitted).toHaveLength(1);
  const entryId = submitted[0]!.id;

  // The file plays: a video codec plus Opus/AAC, as long as the time recorded.
  const urlAnswer = await request.get(`/api/v1/analysisEntry/${entryId}`);
  expect(urlAnswer.status()).toBe(200);
  const { analysisEntryPresignedUrl } = (await urlAnswer.json()) as { analysisEntryPresignedUrl: string };
  const { seconds, codecs } = await probeRecording(request, analysisEntryPresignedUrl);
  expect(
    codecs.some((codec) => ['vp8', 'vp9', 'av1', 'h264', 'hevc'].includes(codec)),
    codecs.join(),
  ).toBe(true);
  expect(
    codecs.some((codec) => ['opus', 'aac'].includes(codec)),
    codecs.join(),
  ).toBe(true);
  const durationMs = seconds * 1000;
  test.info().annotations.push({
    type: 'recording',
    description: `${codecs.join('+')}, file ${durationMs} ms, recorded ${recordedMs} ms`,
  });
  // Recording began between the consent click and 'Grabando' showing, and ended just after the
  // Finish click: the file lasts at least what the test saw recorded and at most that window
  // (1 s either side for the last chunk and the clock). Under load 'Grabando' shows late, so the
  // upper bound is the consent click, not the indicator.
  const windowMs = finishedAt - consentedAt;
  expect(durationMs, `file ${durationMs} ms, recorded ${recordedMs}–${windowMs} ms`).toBeGreaterThanOrEqual(
    recordedMs - 1000,
  );
  expect(durationMs, `file ${durationMs} ms, recorded ${recordedMs}–${windowMs} ms`).toBeLessThanOrEqual(
    windowMs + 1000,
  );

  // One step mark per step, in order, at increasing times.
  const entry = await request.get(`/api/v1/entry/${entryId}`);
  expect(entry.status()).toBe(200);
  const { steps } = (await entry.json()) as { steps: { index: number; atMs: number }[] };
  expect(steps.map((step) => step.index)).toEqual([0, 1, 2, 3, 4]);
  for (let i = 1; i < steps.length; i += 1) {
    expect(steps[i]!.atMs - steps[i - 1]!.atMs).toBeGreaterThan(2000);
  }
});

test('the analysis id: empty and unknown ids get the product §5 and §8 messages', async ({ page }) => {
  await page.goto('/participate');
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByText('Por favor, introduce un ID de análisis')).toBeVisible();
  await expect(page.getByLabel('ID de Análisis')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('ID de Análisis').fill('no-existe-este-analisis');
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(
    page.getByText('Análisis no encontrado. Por favor, verifica tu ID de análisis e inténtalo de nuevo.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toHaveCount(0);
});

const SCREEN_DENIED = 'Screen sharing permission was denied. Please allow screen sharing to continue.';
const MIC_DENIED = 'Microphone permission was denied. Please allow microphone access to continue.';

for (const denied of [
  { name: 'screen', screen: true, microphone: false },
  { name: 'microphone', screen: false, microphone: true },
  { name: 'screen and microphone', screen: true, microphone: true },
]) {
  test(`denied ${denied.name}: product §8 messages, Try Again, Browser Settings Help`, async ({ page, request }) => {
    const analysisId = await researcherWithAnalysis(request);
    await page.addInitScript(({ screen, microphone }) => {
      const devices = navigator.mediaDevices;
      const deny = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      if (screen) devices.getDisplayMedia = deny;
      if (microphone) devices.getUserMedia = deny;
    }, denied);
    await page.goto(`/participate/${analysisId}`);
    await page.getByRole('button', { name: 'Participar' }).click();
    await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();

    const tryAgain = page.getByRole('button', { name: 'Try Again' });
    await expect(tryAgain).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(SCREEN_DENIED)).toHaveCount(denied.screen ? 1 : 0);
    await expect(page.getByText(MIC_DENIED)).toHaveCount(denied.microphone ? 1 : 0);
    await expect(card(page, 'Pantalla')).toContainText(denied.screen ? 'Pendiente' : 'Concedido');
    await expect(card(page, 'Micrófono')).toContainText(denied.microphone ? 'Pendiente' : 'Concedido');
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Si no funciona' })).toBeVisible();

    const help = page.getByRole('button', { name: 'Browser Settings Help' });
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await help.click();
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Chrome y Edge')).toBeVisible();
    await expectAccessible(page);

    // Still denied: Try Again shows the same message again, nothing else happens.
    await tryAgain.click();
    await expect(tryAgain).toBeVisible();
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();

    await page.getByRole('button', { name: 'Salir del análisis' }).click();
    await expect(page.getByRole('heading', { name: 'Participar en un análisis' })).toBeVisible();
  });
}

test('stopping the screen share ends the analysis, deletes the participation and frees the place', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // One place only: if the abandoned entry kept it, validation would say there are none left.
  const analysisId = await researcherWithAnalysis(request, 1);
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getDisplayMedia.bind(devices);
    devices.getDisplayMedia = async (options) => {
      const stream = await original(options);
      const [track] = stream.getVideoTracks();
      // What the browser's "Stop sharing" does: the track stops and fires 'ended' (stop() alone fires nothing).
      (window as unknown as { __endScreenTrack: () => void }).__endScreenTrack = () => {
        track?.stop();
        track?.dispatchEvent(new Event('ended'));
      };
      return stream;
    };
  });
  await startAnalysis(page, analysisId);
  await expect(page.getByRole('status').filter({ hasText: /^Grabando$/ })).toBeVisible({ timeout: 20_000 });

  // The analysis fits a phone's width.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  const entries = await sql(`SELECT id, status FROM analysis_entries WHERE analysis_id = ${literal(analysisId)}`);
  expect(entries.map((row) => row.status)).toEqual(['in_progress']);
  const full = await request.post('/api/v1/analysis/validate-participation', { data: { analysisId } });
  expect(full.status()).toBe(400);

  await page.evaluate(() => (window as unknown as { __endScreenTrack: () => void }).__endScreenTrack());
  const stopped = page.getByRole('alertdialog', { name: 'La grabación se ha detenido' });
  await expect(stopped).toBeVisible();
  await expect(stopped).toContainText('se han eliminado');
  await page.keyboard.press('Escape');
  await expect(stopped).toBeVisible();

  await expect
    .poll(
      async () =>
        (await sql(`SELECT status FROM analysis_entries WHERE id = ${literal(entries[0]!.id as string)}`))[0]?.status,
      {
        timeout: 15_000,
      },
    )
    .toBe('abandoned');
  const freed = await request.post('/api/v1/analysis/validate-participation', { data: { analysisId } });
  expect(freed.status(), await freed.text()).toBe(200);

  await stopped.getByRole('button', { name: 'Salir del Análisis' }).click();
  await expect(page.getByRole('heading', { name: 'Participar en un análisis' })).toBeVisible();
});

test('closing the tab mid-analysis asks first, and keeps the participation to continue later', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { analysisId, entry } = await recordingFor(page, request, 0, 1);

  let asked = false;
  page.on('dialog', (dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.accept();
  });
  const context = page.context();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked, { timeout: 10_000 }).toBe(true);
  // Closing is not leaving (ADR 0005): the invitation link offers to continue.
  const again = await context.newPage();
  await again.goto(`/participate/${analysisId}`);
  await expect(again.getByRole('heading', { name: 'Tienes una participación sin terminar' })).toBeVisible({
    timeout: 15_000,
  });
  const [row] = await sql(`SELECT status FROM analysis_entries WHERE id = ${literal(entry.id)}`);
  expect(row?.status).toBe('in_progress');
});

test("the header's link mid-analysis asks first; leaving deletes the participation and loads the landing page", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { analysisId, entry } = await recordingFor(page, request, 0, 1);
  // The exit modal asked already: no "leave site?" prompt may follow it.
  let prompted = false;
  page.on('dialog', (dialog) => {
    prompted = true;
    void dialog.dismiss();
  });

  // The participation page has no router (ADR 0011): the logo is a plain link, held while recording.
  const home = page.getByRole('banner').getByRole('link', { name: 'Lupa, ir a la portada' });
  await home.click();
  const confirm = page.getByRole('alertdialog', { name: '¿Salir del análisis?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Seguir en el análisis' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/participate/${analysisId}$`));
  await expect(page.getByText('Step 1 of 5')).toBeVisible();

  await home.click();
  await page
    .getByRole('alertdialog', { name: '¿Salir del análisis?' })
    .getByRole('button', { name: 'Salir y eliminar' })
    .click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feedback de calidad, en minutos');
  expect(prompted).toBe(false);
  const [row] = await sql(`SELECT status FROM analysis_entries WHERE id = ${literal(entry.id)}`);
  expect(row?.status).toBe('abandoned');
});
