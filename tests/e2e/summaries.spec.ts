// A participation's AI summary in the player (issue 47, ADR 0021) against the real worker, D1, R2,
// the participation's object and Chromium, with the test server's providers pointed at the
// Workers AI stand-in (LUPA_STT_URL; the summary model's control under /control/summary). A
// participant's recording (the 18 s demo video) comes with a real microphone track; once its
// transcript is complete the stand-in summarises it, here in its 'mixed' mode (one invented quote
// and one real quote placed at another time, both dropped by the server). Checked as the
// researcher sees it: the 'Resumen' tab shows findings with their quotes, says it is AI-made and
// how many findings were dropped; a quote, pressed from the keyboard, seeks the player to where it
// was said, and the caption then shown holds its words; the Markdown download links each quote to
// the player; nothing scrolls sideways at 390 px.
import type { Locator } from '@playwright/test';
import { expect, test } from './support/accounts';
import { measureOverflow } from './support/design-checks';
import { researcherWithAnalysis } from './support/participation';
import { hasStandIn, standInControl as control, transcribedRecording } from './support/summaries';

/** The captions being shown on the video now. */
const activeCaptions = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => {
    const track = [...element.textTracks].find((t) => t.kind === 'captions');
    return [...(track?.activeCues ?? [])].map((cue) => (cue as VTTCue).text).join(' ');
  });

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

test.afterAll(async () => {
  if (hasStandIn()) await control('/control/summary/reset', {});
});

test("the 'Resumen' tab shows findings with verified quotes, counts the dropped ones, and a quote seeks to its caption", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not set');
  await control('/control/summary', { mode: 'mixed', delayMs: 300 });
  const analysisId = await researcherWithAnalysis(page.request, 3, undefined, { transcribe: true });
  const entryId = await transcribedRecording(baseURL, analysisId);

  await page.goto(`/entry/${entryId}`);
  await expect(page.getByTestId('player-time')).toContainText('00:18', { timeout: 30_000 });
  const video = page.getByTestId('entry-video');
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
  });
  // Captions on (the transcript tab's toggle), to see what is said where a quote seeks to.
  await page.getByRole('tab', { name: 'Transcripción' }).click();
  const transcript = page.getByTestId('transcript-panel');
  await transcript.getByRole('button', { name: 'Subtítulos' }).click({ timeout: 90_000 });

  await page.getByRole('tab', { name: 'Resumen' }).click();
  const panel = page.getByTestId('summary-panel');
  // Made on the participation's alarm once the transcript is complete; the tab asks again meanwhile.
  const quotes = panel.getByTestId('summary-quote');
  await expect(quotes.first()).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('summary-finding').first()).toBeVisible();
  await expect(panel.getByText('Generado por IA · revisa las citas')).toBeVisible();
  await expect(panel.getByTestId('summary-dropped')).toHaveText('2 hallazgos descartados: sin cita verificable');
  await expect(panel.getByText('Me encanta el color del logotipo.')).toHaveCount(0);
  await expect(panel.getByRole('heading', { level: 3 }).first()).toContainText('Tarea');
  // 'Descargar en Markdown': each quote a link to the player at its second.
  const markdown = panel.getByRole('link', { name: 'Descargar en Markdown' });
  await expect(markdown).toHaveAttribute('download', `resumen-${entryId}.md`);
  const text = decodeURIComponent(((await markdown.getAttribute('href')) ?? '').replace(/^data:[^,]*,/, ''));
  expect(text).toContain('_Generado por IA · revisa las citas_');
  expect(text).toContain(`${baseURL}/entry/${entryId}?t=`);

  // From the keyboard: the quote seeks the player to its start; the caption shown holds its words.
  const quote = quotes.first();
  const said = (await quote.locator('q').textContent()) ?? '';
  expect(said.length).toBeGreaterThan(0);
  const at = (await quote.locator('.summary__quote-time').textContent()) ?? '';
  await quote.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('player-time')).toContainText(at);
  await expect.poll(async () => words(await activeCaptions(video)), { timeout: 10_000 }).toContain(words(said));

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(quotes.first()).toBeVisible();
  expect(await measureOverflow(page)).toBeNull();
});
