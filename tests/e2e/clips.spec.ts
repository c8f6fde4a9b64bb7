// Clips in the player (ADR 0012) against the real worker, D1, R2 and Chromium: a clip made with
// the keyboard (N, then Shift+N) on a recording of two captures plays only its range, across the
// segment boundary, and stops at its end; a drag on the scrubber's lane opens a clip too. The page
// stays axe-clean and fits 360 px.
import { expect, test } from './support/accounts';
import { measureOverflow } from './support/design-checks';
import { submitRecording } from './support/insights';
import { expectAccessible, researcherWithAnalysis } from './support/participation';

test('a clip made with N and Shift+N plays only its range, across segments', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not set');
  const analysisId = await researcherWithAnalysis(page.request);
  const entryId = await submitRecording(baseURL, analysisId, { twoCaptures: true });

  await page.goto(`/entry/${entryId}`);
  const time = page.getByTestId('player-time');
  await expect(time).toContainText('00:36', { timeout: 30_000 });
  const video = page.getByTestId('entry-video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
  });

  // 15 s in (l = +10 s, → = +5 s), N starts the note there.
  await page.keyboard.press('l');
  await page.keyboard.press('ArrowRight');
  await expect(time).toContainText('00:15 /');
  await page.keyboard.press('n');
  const noteText = page.getByLabel('Nota', { exact: true });
  await expect(noteText).toBeFocused();
  await expect(page.getByLabel('Momento (mm:ss)')).toHaveValue('00:15');
  // Back to the page, 5 s on, Shift+N ends it: a clip from 00:15 to 00:20, in the second capture.
  await noteText.blur();
  await page.keyboard.press('ArrowRight');
  await expect(time).toContainText('00:20 /');
  await page.keyboard.press('Shift+N');
  await expect(page.getByLabel('Final del clip (mm:ss)')).toHaveValue('00:20');
  const title = page.getByLabel('Título (opcional)');
  await expect(title).toBeFocused();
  await title.fill('Cruza de una captura a otra');
  await page.getByLabel('Etiquetas, separadas por comas').fill('Navegación, pago');
  await title.press('Enter');

  const notesList = page.getByTestId('entry-notes');
  await expect(notesList).toContainText('00:15–00:20');
  await expect(notesList).toContainText('Cruza de una captura a otra');
  await expect(notesList).toContainText('navegación');
  await expect(page.getByTestId('timeline-clip')).toHaveCount(1);
  const stored = (await (await page.request.get(`/api/v1/entry/${entryId}/notes`)).json()) as {
    notes: { atMs: number; endMs: number; tags: string[] }[];
  };
  expect(stored.notes.map((n) => [n.atMs, n.endMs, n.tags])).toEqual([[15_000, 20_000, ['navegación', 'pago']]]);

  // Play the clip: it starts at 15 s, crosses into the second file at 18 s, and stops at 20 s.
  await page.getByRole('button', { name: 'Reproducir clip 00:15–00:20' }).click();
  await expect(time).toContainText(/00:1[5-7] \//, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await expect(time).toContainText('00:19 /', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Reproducir', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(time).toContainText('00:20 /');
  const at = () =>
    page.getByTestId('entry-video').evaluate((element: HTMLVideoElement) => ({
      t: element.currentTime,
      paused: element.paused,
      src: element.currentSrc,
    }));
  const stopped = await at();
  expect(stopped.paused).toBe(true);
  // The second capture (its 2 s mark), not the first file's 20 s (which has only 18).
  expect(stopped.t).toBeGreaterThan(1.5);
  expect(stopped.t).toBeLessThan(2.6);
  expect(stopped.src).toMatch(/\/2(\?|$)/);
  await page.waitForTimeout(1500);
  expect((await at()).t).toBeCloseTo(stopped.t, 1);

  // A drag on the lane under the bar opens a clip over that range.
  const lane = page.getByTestId('clip-lane');
  const box = await lane.boundingBox();
  if (!box) throw new Error('no clip lane');
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByLabel('Momento (mm:ss)').first()).toHaveValue('00:09');
  await expect(page.getByLabel('Final del clip (mm:ss)').first()).toHaveValue(/^00:1[34]$/);

  // Escape leaves the editor (focus was in its title), then ? lists the keys.
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Final del clip (mm:ss)')).toHaveCount(0);
  await page.keyboard.press('?');
  await expect(
    page
      .getByRole('dialog', { name: 'Atajos de teclado' })
      .getByText('Marcar el final de la nota abierta (la convierte en clip)'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 360, height: 800 });
  expect(await measureOverflow(page)).toBeNull();
  await expectAccessible(page);
});
