// Reels and share links (ADR 0012) against the real worker, D1, R2 and Chromium. A reel of two
// clips from two participants is built on the analysis page, reordered with the keyboard (the move
// is announced) and played back to back, each clip after its title card (participant and task).
// A recording shared from the player opens in a fresh browser context without an account, its
// views are counted, and once revoked the page says 'Este enlace ya no está disponible' (the page 410, its API 404).
// A shared summary shows only the figures per task, and is gone once revoked too.
import type { Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { measureOverflow } from './support/design-checks';
import { createClip, submitRecording } from './support/insights';
import { expectAccessible, researcherWithAnalysis, TASKS } from './support/participation';

/**
 * In the open share dialog (one without the whole-files warning): picks `validity`, creates the
 * link, checks its shape and closes the dialog; returns the link.
 */
async function createLinkInOpenDialog(page: Page, validity: string, { checkAccessible = false } = {}): Promise<string> {
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('share-whole-files')).toHaveCount(0);
  await dialog.getByLabel(validity).check();
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const link = await dialog.getByLabel('Enlace', { exact: true }).inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  if (checkAccessible) await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  return link;
}

/**
 * In the open share dialog: its one link shows one visit and is active; revoked, the stranger's
 * `view` of it answers 404 (the page 410) and says so.
 */
async function revokeAfterOneVisit(page: Page, view: Page) {
  const item = page.getByTestId('share-dialog').getByTestId('share-item');
  await expect(item).toContainText('1 visita');
  await expect(item).toContainText('Activo');
  await item.getByRole('button', { name: /^Revocar/ }).click();
  // It asks first (ADR 0015).
  const confirm = page.getByRole('alertdialog', { name: '¿Revocar el enlace?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(item).toContainText('Revocado');
  const gone = view.waitForResponse((response) => response.url().includes('/api/v1/share/'));
  await view.reload();
  expect((await gone).status()).toBe(404);
  await expect(view.getByRole('heading', { level: 1 })).toHaveText('Este enlace ya no está disponible');
}

test('a reel of two clips from two participants: reordered by keyboard, played back to back with title cards', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not set');
  const analysisId = await researcherWithAnalysis(page.request);
  const first = await submitRecording(baseURL, analysisId);
  const second = await submitRecording(baseURL, analysisId);
  const uno = await createClip(page.request, first, { atMs: 3_000, endMs: 6_000, title: 'Uno' });
  const dos = await createClip(page.request, second, { atMs: 4_000, endMs: 7_000, title: 'Dos' });

  await page.goto(`/analysis/${analysisId}?tab=notes`);
  const notes = page.getByTestId('analysis-notes');
  await expect(notes.getByTestId('analysis-note')).toHaveCount(2, { timeout: 30_000 });
  await expect(notes.getByTestId('analysis-note').first()).toContainText('Participante 1');
  await expect(notes.getByTestId('analysis-note').last()).toContainText('Participante 2');

  // A new reel opens at once; the clips' 'Añadir a…' buttons fill it.
  const reels = page.getByTestId('analysis-reels');
  await reels.getByLabel('Título del nuevo reel').fill('Lo mejor');
  await reels.getByRole('button', { name: 'Crear reel' }).click();
  await expect(reels.getByTestId('reel-empty')).toBeVisible();
  await notes.getByRole('button', { name: 'Añadir a «Lo mejor» Uno' }).click();
  await expect(reels.getByTestId('reel-clip')).toHaveCount(1);
  await notes.getByRole('button', { name: 'Añadir a «Lo mejor» Dos' }).click();
  const order = reels.getByTestId('reel-clip');
  await expect(order).toHaveCount(2);
  await expect(order.locator('.reel-editor__title')).toHaveText(['Uno', 'Dos']);

  // Keyboard: Alt+↑ on the second clip moves it first; the move is announced and saved.
  await reels.getByRole('button', { name: 'Subir «Dos»' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(order.locator('.reel-editor__title')).toHaveText(['Dos', 'Uno']);
  await expect(page.getByTestId('insights-live')).toHaveText('«Dos» movido a la posición 1 de 2');
  await expect(reels.getByRole('button', { name: 'Subir «Dos»' })).toBeFocused();
  const reelId = await page.evaluate(async (id) => {
    const list = (await (await fetch(`/api/v1/analysis/${id}/reels`)).json()) as { reels: { id: string }[] };
    return list.reels[0]?.id;
  }, analysisId);
  await expect
    .poll(async () =>
      ((await (await page.request.get(`/api/v1/reels/${reelId}`)).json()) as { clips: { clipId: string }[] }).clips.map(
        (c) => c.clipId,
      ),
    )
    .toEqual([dos, uno]);
  await expectAccessible(page);

  // Play: card 1 (Dos, participant 2, task 1), its clip from the second recording, card 2, then Uno.
  await reels.getByRole('button', { name: 'Reproducir reel' }).click();
  const card = page.getByTestId('reel-title-card');
  await expect(card).toContainText('Clip 1 de 2');
  await expect(card).toContainText('Dos');
  await expect(card).toContainText(`Participante 2 · Task 1: ${TASKS[0]}`);
  const video = page.getByTestId('reel-clip-player').getByTestId('clip-video');
  await expect(card).toHaveCount(0, { timeout: 10_000 });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 10_000 })
    .toContain(`/recordings/${second}`);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 4.2), {
      timeout: 20_000,
    })
    .toBe(true);
  await expect(card).toContainText('Clip 2 de 2', { timeout: 20_000 });
  await expect(card).toContainText('Uno');
  await expect(card).toContainText(`Participante 1 · Task 1: ${TASKS[0]}`);
  await expect(card).toHaveCount(0, { timeout: 10_000 });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 10_000 })
    .toContain(`/recordings/${first}`);
  // The second clip plays only 3 s..6 s of the first recording, then the reel ends.
  await expect(page.getByRole('button', { name: 'Volver a ver el reel' })).toBeVisible({ timeout: 30_000 });
  const end = await video.evaluate((element: HTMLVideoElement) => ({ t: element.currentTime, paused: element.paused }));
  expect(end.paused).toBe(true);
  expect(end.t).toBeGreaterThan(5.5);
  expect(end.t).toBeLessThan(6.6);

  await page.setViewportSize({ width: 360, height: 800 });
  expect(await measureOverflow(page)).toBeNull();
  await expectAccessible(page);
});

test('a shared recording opens in a fresh context without an account; views are counted; revoked, it is gone (410)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not set');
  const analysisId = await researcherWithAnalysis(page.request);
  const entryId = await submitRecording(baseURL, analysisId);
  const clip = await createClip(page.request, entryId, { atMs: 3_000, endMs: 6_000, title: 'Se pierde' });

  // A clip's dialog says that its link exposes the whole files for an hour.
  await page.goto(`/analysis/${analysisId}?tab=notes`);
  await page.getByTestId('analysis-notes').getByRole('button', { name: 'Compartir Se pierde' }).click();
  const clipDialog = page.getByTestId('share-dialog');
  await expect(clipDialog.getByTestId('share-whole-files')).toContainText('durante una hora a los archivos completos');
  await clipDialog.getByRole('button', { name: 'Cerrar' }).click();
  expect(clip).toBeTruthy();

  // The recording, shared from the player for 7 days.
  await page.goto(`/entry/${entryId}`);
  await page.getByRole('button', { name: 'Compartir grabación' }).click();
  // The recording's dialog has no warning about whole files (that is for clips).
  const link = await createLinkInOpenDialog(page, '7 días', { checkAccessible: true });

  const stranger = await browser.newContext({ baseURL });
  try {
    const view = await stranger.newPage();
    expect(await stranger.cookies()).toEqual([]);
    const answer = view.waitForResponse((response) => response.url().includes('/api/v1/share/'));
    await view.goto(link);
    expect((await answer).status()).toBe(200);
    await expect(view.getByRole('heading', { level: 1 })).toHaveText(/Participación e2e/);
    await expect(view.getByText('Participante 1')).toBeVisible();
    const video = view.getByTestId('clip-video');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toContain('/api/v1/share-media/');
    await expectAccessible(view);
    await view.setViewportSize({ width: 360, height: 800 });
    expect(await measureOverflow(view)).toBeNull();

    // The researcher sees the view, and revokes the link.
    await page.reload();
    await page.getByRole('button', { name: 'Compartir grabación' }).click();
    await revokeAfterOneVisit(page, view);
    await expectAccessible(view);
    // An unknown token looks the same.
    await view.goto(`/s/${'A'.repeat(43)}`);
    await expect(view.getByRole('heading', { level: 1 })).toHaveText('Este enlace ya no está disponible');
  } finally {
    await stranger.close();
  }
});

test('a shared summary shows the figures per task to a stranger, without recordings or ids; revoked, it is gone (410)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not set');
  const analysisId = await researcherWithAnalysis(page.request);
  const entries = [await submitRecording(baseURL, analysisId), await submitRecording(baseURL, analysisId)];

  await page.goto(`/analysis/${analysisId}?tab=share`);
  await page.getByTestId('analysis-shares').getByRole('button', { name: 'Compartir resumen' }).click();
  // A summary carries no media: no warning about whole files, no camera option.
  const link = await createLinkInOpenDialog(page, '30 días');

  const stranger = await browser.newContext({ baseURL });
  try {
    const view = await stranger.newPage();
    const answer = view.waitForResponse((response) => response.url().includes('/api/v1/share/'));
    await view.goto(link);
    expect((await answer).status()).toBe(200);
    await expect(view.getByRole('heading', { level: 2, name: 'Resumen de 2 participaciones' })).toBeVisible();
    // Tasks are named as on the participant's stepper and in the player: 'Task N'.
    const rows = view.getByTestId('shared-summary-table').locator('tbody tr');
    await expect(rows.locator('td:first-child')).toHaveText(TASKS.map((task, i) => `Task ${i + 1}: ${task}`));
    await expect(rows.first().locator('td')).toHaveCount(4);
    // Only figures: no player, no recording URL, no entry id anywhere in the page.
    await expect(view.getByTestId('clip-video')).toHaveCount(0);
    const html = await view.content();
    for (const entryId of entries) expect(html).not.toContain(entryId);
    expect(html).not.toContain('/api/v1/recordings/');
    await expectAccessible(view);
    await view.setViewportSize({ width: 360, height: 800 });
    expect(await measureOverflow(view)).toBeNull();
    // At 390 px, '(n = 2)' and 'Facilidad (SEQ, 1–7)' never break inside (issue 45): each '(n = …)'
    // is one box on one line, and the label (a card's generated text) holds only unbreakable joins.
    await view.setViewportSize({ width: 390, height: 844 });
    const counts = view.getByTestId('shared-summary-n');
    await expect(counts.first()).toBeVisible();
    expect(await counts.count()).toBeGreaterThan(0);
    for (const lines of await counts.evaluateAll((spans) => spans.map((span) => span.getClientRects().length)))
      expect(lines).toBe(1);
    await expect(counts.first()).toHaveCSS('white-space', 'nowrap');
    expect(
      await rows.first().locator('td').nth(2).getAttribute('data-label'),
      'the SEQ label keeps "(SEQ, 1–7)" whole',
    ).toBe('Facilidad (SEQ,\u00a01–\u20607)');

    // The researcher sees the visit and revokes the link; the stranger's page is then gone.
    await page.reload();
    await page.getByTestId('analysis-shares').getByRole('button', { name: 'Compartir resumen' }).click();
    await revokeAfterOneVisit(page, view);
  } finally {
    await stranger.close();
  }
});
