// Watching a participation live (ADR 0016), in two Chromium contexts against the real worker: a
// participant records with the fake screen while the researcher watches their live player. The
// video advances, the task follows 'Siguiente', a note taken live lands at the live moment of the
// recording, a reload shows 'El participante se ha desconectado' and then the next segment plays,
// and Finish turns the page into the recorded player without a reload. A shared camera plays live too.
// Scrubbing back reaches the start of the recording (recorded before the researcher opened), a clip
// can be marked there, and the participant's answers appear as they are given. Issue 45: the live
// view says who is on screen and leads back to the analysis, has our controls instead of the
// browser's, plays muted until 'Activar sonido' (then keeps the sound across segments), and takes a
// one-line quick note with 'N'.
import type { Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { askQuestions } from './support/insights';
import { card, entryOf, recordingStatus, researcherWithAnalysis, startAnalysis } from './support/participation';

const next = async (page: Page, step: string) => {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(step)).toBeVisible();
};

/** 'Continuar' after a reload, the permissions again, and back into the analysis. */
async function continueParticipation(page: Page) {
  await expect(page.getByRole('heading', { name: 'Tienes una participación sin terminar' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
}

/** The live video's time in seconds. */
const videoTime = (page: Page) => page.getByTestId('live-video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Seconds between the live video's playhead and the newest frame it received (the live edge). */
const behindLive = (page: Page) =>
  page
    .getByTestId('live-video')
    .evaluate((v: HTMLVideoElement) =>
      v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : Number.POSITIVE_INFINITY,
    );

/** Focus back on the page (not in a field or on a button), where the shortcuts listen. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** Whether the live video plays muted. */
const muted = (page: Page) => page.getByTestId('live-video').evaluate((v: HTMLVideoElement) => v.muted);

/** The analysis's name, as its page and the live view's header show it. */
async function analysisName(page: Page, analysisId: string) {
  const body = (await (await page.request.get(`/api/v1/analysis/${analysisId}`)).json()) as {
    analysisData: { name: string };
  };
  return body.analysisData.name;
}

/** How far the live video advanced in 1.5 s (the picture may be replaced by the next segment's meanwhile). */
async function advance(page: Page) {
  const before = await videoTime(page);
  await page.waitForTimeout(1500);
  return (await videoTime(page)) - before;
}

test('a researcher watches a participant live: video, task, a note at the live moment, a reload, and Finish', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const researcherContext = await browser.newContext({ baseURL });
  const researcher = await researcherContext.newPage();
  const analysisId = await researcherWithAnalysis(researcher.request);
  page.on('dialog', (dialog) => void dialog.accept());
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const entry = await entryOf(analysisId);

  // The analysis page: 'En directo', then the task as the participant reaches it, without a reload.
  await researcher.goto(`/analysis/${analysisId}?tab=participants`);
  const row = researcher.getByTestId('participation-live');
  // The page asks again every 10 s; on failure, say what the researcher's page showed.
  await expect(row)
    .toContainText('En directo', { timeout: 30_000 })
    .catch(async (err: unknown) => {
      console.log(
        `The analysis page showed:\n${await researcher
          .locator('main')
          .innerText()
          .catch(() => '(nothing)')}`,
      );
      throw err;
    });
  await next(page, 'Step 2 of 5');
  await next(page, 'Step 3 of 5');
  await expect(row).toContainText('Tarea 1 de 3', { timeout: 20_000 });
  await researcher.getByRole('link', { name: /Ver en directo/ }).click();

  await expect(researcher.getByRole('heading', { name: 'Participación en directo' })).toBeVisible({ timeout: 20_000 });
  await expect(researcher.getByTestId('live-task')).toHaveText('Tarea 1 de 3', { timeout: 15_000 });
  await expect.poll(() => videoTime(researcher), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => advance(researcher), { timeout: 20_000 }).toBeGreaterThan(0.5);

  // The header says who is on screen and in which analysis, and leads back to its participants.
  const name = await analysisName(researcher, analysisId);
  await expect(researcher.getByTestId('live-participant')).toHaveText('Participante 1', { timeout: 15_000 });
  await expect(researcher.getByTestId('live-analysis')).toHaveText(name);
  await expect(researcher.getByRole('link', { name: `Volver al análisis «${name}»` })).toHaveAttribute(
    'href',
    `/analysis/${analysisId}?tab=participants`,
  );
  // Our controls, not the browser's: play/pause, the position slider, the sound, 'Ir al directo'.
  await expect(researcher.getByTestId('live-video')).not.toHaveAttribute('controls');
  await expect(researcher.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await expect(researcher.getByRole('slider', { name: 'Posición de la reproducción' })).toBeVisible();
  await expect(researcher.getByTestId('live-behind')).toHaveText('En directo');
  // Muted until the researcher allows sound (a browser plays sound only after a user's gesture).
  expect(await muted(researcher)).toBe(true);
  await researcher.getByRole('button', { name: 'Activar sonido' }).click();
  expect(await muted(researcher)).toBe(false);
  await expect(researcher.getByRole('button', { name: 'Silenciar' })).toHaveAttribute('aria-pressed', 'false');
  expect(await advance(researcher)).toBeGreaterThan(0.5);

  await next(page, 'Step 4 of 5');
  await expect(researcher.getByTestId('live-task')).toHaveText('Tarea 2 de 3', { timeout: 15_000 });

  // A note while live: 'Añadir nota' holds the picture; the note's moment is the segment's offset
  // plus the video's time there.
  await researcher.getByRole('button', { name: 'Añadir nota' }).click();
  const liveMs = await researcher
    .getByTestId('live-video')
    .evaluate((v: HTMLVideoElement) => Number(v.dataset.offsetMs) + v.currentTime * 1000);
  await researcher.getByLabel('Nota', { exact: true }).fill('Duda en la tarea 2');
  // While the note is written the participant goes on: held still, the picture falls behind the
  // live edge, and 'Ir al directo' says so (issue 45: it stayed disabled, the position frozen).
  const goLive = researcher.getByRole('button', { name: 'Ir al directo' });
  await expect(goLive).toBeEnabled({ timeout: 15_000 });
  await researcher.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(researcher.getByTestId('entry-note').getByText('Duda en la tarea 2')).toBeVisible();
  // Saved, the picture goes back to the live edge by itself and follows it.
  await expect.poll(() => behindLive(researcher), { timeout: 10_000 }).toBeLessThan(3);
  await expect(goLive).toBeDisabled();
  for (let i = 0; i < 3; i++) {
    expect(await advance(researcher)).toBeGreaterThan(0.5);
    expect(await behindLive(researcher)).toBeLessThan(3);
  }

  // A quick note: 'N' opens one line at the live moment, Enter saves it, and the picture stays live.
  await blur(researcher);
  await researcher.keyboard.press('n');
  const quick = researcher.getByRole('textbox', { name: /^Nota rápida en \d+:\d\d$/ });
  await expect(quick).toBeFocused();
  await researcher.keyboard.type('Se pierde en el menú');
  await researcher.keyboard.press('Enter');
  await expect(quick).toHaveCount(0);
  await expect(researcher.getByTestId('entry-note').getByText('Se pierde en el menú')).toBeVisible();
  await expect(researcher.getByTestId('entry-live')).toHaveText(/^Nota guardada en \d+:\d\d$/);
  for (let i = 0; i < 2; i++) {
    expect(await advance(researcher)).toBeGreaterThan(0.5);
    expect(await behindLive(researcher)).toBeLessThan(3);
  }
  // Escape closes the line without a note.
  await researcher.keyboard.press('n');
  await expect(quick).toBeFocused();
  await researcher.keyboard.press('Escape');
  await expect(quick).toHaveCount(0);

  // The participant reloads: the researcher is told, then the next segment plays.
  await page.reload();
  await expect(researcher.getByTestId('live-disconnected')).toHaveText(/El participante se ha desconectado/, {
    timeout: 20_000,
  });
  await continueParticipation(page);
  await expect(researcher.getByTestId('live-disconnected')).toHaveCount(0, { timeout: 30_000 });
  const offsetOf = () =>
    researcher.getByTestId('live-video').evaluate((v: HTMLVideoElement) => Number(v.dataset.offsetMs));
  await expect.poll(offsetOf, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => advance(researcher), { timeout: 30_000 }).toBeGreaterThan(0.5);
  // The sound the researcher allowed stays on in the next segment.
  expect(await muted(researcher)).toBe(false);

  await next(page, 'Step 5 of 5');
  await page.waitForTimeout(1500);
  // Read last: what the old tab left on the device may arrive after the new segment opened, and
  // lengthen the first one; the live view then moves the second segment along (the 'moved' event).
  const secondOffset = await offsetOf();
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 90_000 });

  // The same page becomes the recorded player, with the note where it was taken.
  await expect(researcher.getByTestId('live-video')).toHaveCount(0, { timeout: 30_000 });
  await expect(researcher.getByRole('heading', { name: 'Participación en directo' })).toHaveCount(0);
  const notes = (await (await researcher.request.get(`/api/v1/entry/${entry.id}/notes`)).json()) as
    { atMs: number; text: string }[] | { notes: { atMs: number; text: string }[] };
  const list = Array.isArray(notes) ? notes : notes.notes;
  const note = list.find((n) => n.text === 'Duda en la tarea 2');
  expect(note).toBeDefined();
  expect(Math.abs(note!.atMs - liveMs)).toBeLessThanOrEqual(1000);
  // It was taken while the first segment played: on the recording's timeline, before the second
  // segment's offset (where the recorded player starts the second file), which the live view used too.
  const recorded = (await (await researcher.request.get(`/api/v1/entry/${entry.id}`)).json()) as {
    durationMs: number;
    segments: { durationMs: number }[];
  };
  expect(recorded.segments).toHaveLength(2);
  expect(Math.abs(recorded.segments[0]!.durationMs - secondOffset)).toBeLessThanOrEqual(1000);
  expect(note!.atMs).toBeGreaterThan(0);
  expect(note!.atMs).toBeLessThan(secondOffset);
  await researcherContext.close();
});

test("a participant's camera plays live in the corner of the picture, beside the screen", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const researcherContext = await browser.newContext({ baseURL });
  const researcher = await researcherContext.newPage();
  const analysisId = await researcherWithAnalysis(researcher.request, 3, 'required');
  await page.goto(`/participate/${analysisId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  const camera = card(page, 'Cámara');
  await camera.getByRole('button', { name: 'Activar cámara' }).click();
  await expect(camera).toContainText('Concedido', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByRole('dialog', { name: 'Confirmación de Seguridad' })
    .getByRole('button', { name: 'Aceptar y Continuar' })
    .click();
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const entry = await entryOf(analysisId);

  await researcher.goto(`/entry/${entry.id}`);
  await expect(researcher.getByRole('heading', { name: 'Participación en directo' })).toBeVisible({ timeout: 20_000 });
  const cameraVideo = researcher.getByTestId('live-camera');
  await expect(cameraVideo).toBeVisible({ timeout: 20_000 });
  await expect(cameraVideo).toHaveAttribute('aria-label', 'Cámara del participante');
  const cameraTime = () => cameraVideo.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(cameraTime, { timeout: 30_000 }).toBeGreaterThan(0);
  const before = await cameraTime();
  await expect
    .poll(cameraTime, { timeout: 20_000, message: 'the camera picture advances' })
    .toBeGreaterThan(before + 0.5);
  await expect
    .poll(() => videoTime(researcher), { timeout: 30_000, message: 'and so does the screen' })
    .toBeGreaterThan(0);
  // The camera sits inside the picture and nothing scrolls sideways.
  const inside = await researcher.evaluate(() => {
    const stage = document.querySelector('.live-view__stage')!.getBoundingClientRect();
    const cam = document.querySelector('.live-view__camera')!.getBoundingClientRect();
    return cam.left >= stage.left && cam.right <= stage.right && cam.top >= stage.top && cam.bottom <= stage.bottom;
  });
  expect(inside).toBe(true);

  // Scrubbing back over what was buffered, then 'Ir al directo' returns to the newest frame.
  const screen = researcher.getByTestId('live-video');
  const buffered = () =>
    screen.evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.currentTime - v.buffered.start(0) : 0));
  await expect.poll(buffered, { timeout: 30_000 }).toBeGreaterThan(5);
  const edge = await videoTime(researcher);
  const goLive = researcher.getByRole('button', { name: 'Ir al directo' });
  await expect(goLive).toBeDisabled();
  await screen.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.currentTime - 4.5;
  });
  await expect(goLive).toBeEnabled({ timeout: 10_000 });
  await goLive.click();
  await expect.poll(() => videoTime(researcher), { timeout: 10_000 }).toBeGreaterThan(edge);
  await expect(goLive).toBeDisabled({ timeout: 10_000 });

  // Space pauses and plays again (focus on the page, not in a field).
  await blur(researcher);
  await researcher.keyboard.press(' ');
  await expect(researcher.getByRole('button', { name: 'Reproducir' })).toBeVisible();
  expect(await screen.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await researcher.keyboard.press(' ');
  await expect(researcher.getByRole('button', { name: 'Pausar' })).toBeVisible();

  // Logging out (here from the same browser, as another tab would) ends the live view at once, and
  // the page says why instead of reconnecting (hardening 4).
  expect((await researcher.request.post('/api/v1/auth/logout')).status()).toBe(200);
  await expect(researcher.getByTestId('live-revoked')).toContainText('Ya no puedes ver este directo', {
    timeout: 10_000,
  });
  await researcherContext.close();
});

test('scrubbing back reaches what was recorded before the researcher opened; a clip marked live, and answers as they are given', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const researcherContext = await browser.newContext({ baseURL });
  const researcher = await researcherContext.newPage();
  const analysisId = await researcherWithAnalysis(researcher.request);
  await askQuestions(researcher.request, analysisId, { name: 'Directo con preguntas' });
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  await next(page, 'Step 2 of 9');
  await next(page, 'Step 3 of 9');
  const entry = await entryOf(analysisId);
  // About 12 s recorded before anyone watches.
  await page.waitForTimeout(12_000);

  await researcher.goto(`/entry/${entry.id}`);
  await expect(researcher.getByRole('heading', { name: 'Participación en directo' })).toBeVisible({ timeout: 20_000 });
  const screen = researcher.getByTestId('live-video');
  await expect.poll(() => advance(researcher), { timeout: 30_000 }).toBeGreaterThan(0.5);
  const firstBuffered = () => screen.evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.start(0) : -1));
  // The player started at the live edge: the start of the recording is not buffered.
  const openedAt = await firstBuffered();
  expect(openedAt).toBeGreaterThan(6);
  const edge = await videoTime(researcher);

  // Back to 2.6 s, inside a chunk (each is about a second): the player fetches the recording from
  // the fragment before it, puts the playhead at 2.6 s, not at the end of the first chunk fetched,
  // and plays on from there. The times the player shows meanwhile are kept (0: a new source loading).
  await screen.evaluate((v: HTMLVideoElement) => {
    const shown: number[] = [];
    (window as unknown as { shownTimes: number[] }).shownTimes = shown;
    v.addEventListener('timeupdate', () => shown.push(v.currentTime));
    v.currentTime = 2.6;
  });
  await expect.poll(firstBuffered, { timeout: 20_000, message: 'the start is fetched' }).toBeLessThanOrEqual(2.6);
  await expect
    .poll(() => videoTime(researcher), { timeout: 20_000, message: 'and plays from there' })
    .toBeGreaterThan(3.1);
  const shownTimes = await researcher.evaluate(() =>
    (window as unknown as { shownTimes: number[] }).shownTimes.filter((t) => t > 0),
  );
  expect(Math.min(...shownTimes), `times shown after the scrub: ${shownTimes.join(', ')}`).toBeGreaterThanOrEqual(2.55);
  expect(await videoTime(researcher)).toBeLessThan(edge);
  const goLive = researcher.getByRole('button', { name: 'Ir al directo' });
  await expect(goLive).toBeEnabled();

  // A clip marked while watching the past: 'Añadir nota' at its start, 'Marcar el final del clip' later.
  await researcher.getByRole('button', { name: 'Añadir nota' }).click();
  const startMs = await screen.evaluate((v: HTMLVideoElement) => Number(v.dataset.offsetMs) + v.currentTime * 1000);
  await screen.evaluate((v: HTMLVideoElement) => v.play());
  await expect
    .poll(() => screen.evaluate((v: HTMLVideoElement) => Number(v.dataset.offsetMs) + v.currentTime * 1000), {
      timeout: 10_000,
    })
    .toBeGreaterThan(startMs + 1500);
  await researcher.getByRole('button', { name: 'Marcar el final del clip' }).click();
  const endMs = await screen.evaluate((v: HTMLVideoElement) => Number(v.dataset.offsetMs) + v.currentTime * 1000);
  await researcher.getByLabel('Nota', { exact: true }).fill('Clip del principio');
  await researcher.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(researcher.getByTestId('entry-note').getByText('Clip del principio')).toBeVisible();
  type Note = { atMs: number; endMs: number | null; text: string };
  const clipSaved = async () => {
    const body = (await (await researcher.request.get(`/api/v1/entry/${entry.id}/notes`)).json()) as
      Note[] | { notes: Note[] };
    return (Array.isArray(body) ? body : body.notes).find((n) => n.text === 'Clip del principio');
  };
  await expect.poll(clipSaved, { timeout: 10_000 }).toBeDefined();
  const clip = await clipSaved();
  expect(clip?.endMs).not.toBeNull();
  expect(Math.abs(clip!.atMs - startMs)).toBeLessThanOrEqual(1000);
  expect(Math.abs(clip!.endMs! - endMs)).toBeLessThanOrEqual(1000);
  // Before anything the viewer had when it opened (the segment starts the timeline: offset 0).
  expect(clip!.atMs).toBeLessThan(openedAt * 1000);

  // 'Ir al directo' goes back to the newest frame.
  await expect(goLive).toBeEnabled();
  await goLive.click();
  await expect.poll(() => videoTime(researcher), { timeout: 20_000 }).toBeGreaterThan(edge);

  // The participant answers task 1's questions: the answer shows in the live view as it is given.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Sobre la tarea 1' })).toBeVisible();
  await page
    .getByRole('group', { name: '¿Qué tan fácil o difícil fue esta tarea?' })
    .getByRole('radio', { name: /^5/ })
    .check();
  await page.getByRole('group', { name: '¿Conseguiste completar la tarea?' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const answers = researcher.getByTestId('entry-answers');
  await expect(answers).toContainText('Tarea 1', { timeout: 15_000 });
  await expect(answers).toContainText('Facilidad 5 de 7.');

  // The header's link leads back to the analysis's participants, where the participation is live.
  const name = await analysisName(researcher, analysisId);
  await researcher.getByRole('link', { name: `Volver al análisis «${name}»` }).click();
  await expect(researcher).toHaveURL(new RegExp(`/analysis/${analysisId}\\?tab=participants$`));
  await expect(researcher.getByTestId('participation-live')).toContainText('En directo', { timeout: 15_000 });
  await researcherContext.close();
});

test('a WebM recording (what Firefox records) plays live, half a second apart while watched, and scrubs back too', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The recorder takes the first type the browser supports, MP4 first (recorder-wasm `codec`); a
  // browser without MP4 recording, like Firefox, gets WebM. Chromium records both: hide MP4.
  await page.addInitScript(() => {
    const supported = MediaRecorder.isTypeSupported.bind(MediaRecorder);
    MediaRecorder.isTypeSupported = (type: string) => !type.toLowerCase().startsWith('video/mp4') && supported(type);
  });
  const researcherContext = await browser.newContext({ baseURL });
  const researcher = await researcherContext.newPage();
  const analysisId = await researcherWithAnalysis(researcher.request);
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const entry = await entryOf(analysisId);
  await page.waitForTimeout(10_000);

  // The screen chunks the live socket announces, where each ends on its segment's clock.
  const ends: number[] = [];
  researcher.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const event = typeof payload === 'string' ? JSON.parse(payload) : {};
      if (event.type === 'chunk' && event.chunk.track === 'screen') ends.push(event.chunk.endMs);
    }),
  );
  await researcher.goto(`/entry/${entry.id}`);
  await expect(researcher.getByRole('heading', { name: 'Participación en directo' })).toBeVisible({ timeout: 20_000 });
  const screen = researcher.getByTestId('live-video');
  await expect
    .poll(() => advance(researcher), { timeout: 30_000, message: 'the WebM screen plays live' })
    .toBeGreaterThan(0.5);
  await expect(screen).toHaveAttribute('data-mime', 'video/webm');
  // Watched, the recorder cuts the screen's WebM every half second instead of every second (the
  // chunk's answer tells it; recorder-wasm `live_cadence`), so the live view runs closer behind.
  const from = ends.length;
  await expect
    .poll(() => ends.length - from, { timeout: 20_000, message: 'ten more screen chunks' })
    .toBeGreaterThanOrEqual(10);
  const gaps = ends
    .slice(from)
    .map((end, i, all) => (i === 0 ? NaN : end - all[i - 1]))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  expect(gaps[Math.floor(gaps.length / 2)], `screen chunks every half second: ${gaps.join(', ')}`).toBeLessThan(750);
  const firstBuffered = () => screen.evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.start(0) : -1));
  expect(await firstBuffered()).toBeGreaterThan(4);
  await screen.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 1;
  });
  await expect.poll(firstBuffered, { timeout: 20_000, message: 'the start is fetched' }).toBeLessThanOrEqual(1.2);
  await expect
    .poll(() => videoTime(researcher), { timeout: 20_000, message: 'and plays from there' })
    .toBeGreaterThan(1.5);
  await researcherContext.close();
});
