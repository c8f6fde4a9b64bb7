// Report-grade figures (ADR 0015), as a researcher and a share link's visitor see them: four number
// tiles (success rate, mean SEQ, median time, SUS), each with n and its interval, the SUS against
// the 68 average with its grade; the charts' bars with their values written; the time on task
// once per task; the study's settings. The shared summary shows the same tiles and charts. At
// 1440×900 and 390×844, in light and dark, with nothing scrolling sideways.
import { useColorScheme } from './support/design-checks';
import type { Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { answeredParticipation, askQuestions, expectOk } from './support/insights';
import { expectAccessible, researcherWithAnalysis } from './support/participation';

interface Overall {
  success: { n: number; rate: number; low: number; high: number };
  seq: { n: number; mean: number };
  time: { n: number };
}
interface Summary {
  overall: Overall;
  tasks: { success: { rate: number }; seq: { mean: number } }[];
  sus: { n: number; mean: number; grade: string };
}

/** Intl's '80 %' (es-ES, with a no-break space, which Playwright's text matching reads as a space). */
const percent = (rate: number) => `${Math.round(rate * 100)} %`;
const decimal = (value: number) => value.toFixed(1).replace('.', ',');

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** What the four tiles say, in order. */
const tileTexts = (page: Page) => page.getByTestId('figure-tiles').getByRole('listitem').allInnerTexts();

test('the analysis page and its shared summary show the figures as a report', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const request = page.request;
  const analysisId = await researcherWithAnalysis(request, 5, 'optional');
  await askQuestions(request, analysisId, { name: 'Cifras e2e' });
  // Three participants: every figure has n ≥ 3 and so an interval; SUS scores 85, 75 and 100.
  await answeredParticipation(
    baseURL!,
    analysisId,
    [
      [6, 'yes'],
      [3, 'no'],
      [7, 'yes'],
    ],
    [4, 2, 5, 1, 4, 2, 4, 1, 5, 2],
  );
  await answeredParticipation(
    baseURL!,
    analysisId,
    [
      [5, 'yes'],
      [4, 'no'],
      [6, 'yes'],
    ],
    [4, 2, 4, 2, 4, 2, 4, 2, 4, 2],
  );
  await answeredParticipation(
    baseURL!,
    analysisId,
    [
      [7, 'yes'],
      [2, 'unsure'],
      [5, 'yes'],
    ],
    [5, 1, 5, 1, 5, 1, 5, 1, 5, 1],
  );
  const summary = (await (await request.get(`/api/v1/analysis/${analysisId}/summary`)).json()) as Summary;
  expect(summary.overall.success.n).toBe(9);
  expect(summary.sus.n).toBe(3);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/analysis/${analysisId}?tab=results`);
  const tiles = page.getByTestId('figure-tiles').getByRole('listitem');
  await expect(tiles).toHaveCount(4, { timeout: 30_000 });
  const success = page.getByTestId('tile-success');
  await expect(success).toContainText('Tasa de éxito');
  await expect(success).toContainText(percent(summary.overall.success.rate));
  await expect(success).toContainText(
    `IC 95 %: ${percent(summary.overall.success.low)} – ${percent(summary.overall.success.high)}`,
  );
  await expect(success).toContainText('n = 9');
  const seq = page.getByTestId('tile-seq');
  await expect(seq).toContainText(decimal(summary.overall.seq.mean));
  await expect(seq).toContainText('IC 95 %');
  await expect(seq).toContainText('n = 9');
  const time = page.getByTestId('tile-time');
  await expect(time).toContainText('Tiempo por tarea (mediana)');
  await expect(time).toContainText(/\d\d:\d\d/);
  await expect(time).toContainText('IC 95 %');
  await expect(time).toContainText(`n = ${summary.overall.time.n}`);
  const sus = page.getByTestId('tile-sus');
  await expect(sus).toContainText(decimal(summary.sus.mean));
  await expect(sus).toContainText(
    `Nota ${summary.sus.grade} · ${decimal(Math.abs(summary.sus.mean - 68))} ${summary.sus.mean >= 68 ? 'sobre' : 'bajo'} la media de 68`,
  );
  await expect(sus).toContainText('n = 3');

  // Each bar's value is written beside it.
  await expect(page.getByTestId('chart-success').getByTestId('chart-value')).toHaveText(
    summary.tasks.map((task) => percent(task.success.rate)),
  );
  await expect(page.getByTestId('chart-seq').getByTestId('chart-value')).toHaveText(
    summary.tasks.map((task) => decimal(task.seq.mean)),
  );
  // Time on task once (issue 45): not in the metrics table, but in the one 'Tiempo por tarea' card.
  const table = page.getByTestId('insights-tasks');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Tarea',
    'Tasa de éxito',
    // A word joiner after the dash keeps '1–7' whole (issue 45).
    'Facilidad (SEQ, 1–\u20607)',
  ]);
  await expect(page.getByTestId('task-times')).toHaveCount(1);
  await expect(table).not.toContainText('Media geométrica');
  const researcherTiles = await tileTexts(page);
  // The study's settings, in 'Resumen'.
  await page.getByRole('tab', { name: 'Resumen' }).click();
  const settings = page.getByTestId('study-setup');
  await expect(settings).toBeVisible();
  await expect(settings).toContainText('Cámara');
  await expect(settings).toContainText('Opcional');
  await expect(settings).toContainText('Preguntas tras cada tarea');
  await expect(settings).toContainText('Cuestionario SUS');
  await page.getByRole('tab', { name: 'Resultados' }).click();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  for (const [width, height] of [
    [390, 844],
    [360, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(tiles.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await useColorScheme(page, 'dark');
  await expectAccessible(page);
  await useColorScheme(page, 'light');

  // The shared summary: the same tiles and charts, read-only.
  await page.setViewportSize({ width: 1440, height: 900 });
  const created = await request.post(`/api/v1/analysis/${analysisId}/shares`, {
    data: { kind: 'summary', expiresInDays: 7 },
  });
  await expectOk(created);
  const { token } = (await created.json()) as { token: string };
  await page.goto(`/s/${token}`);
  await expect(page.getByTestId('figure-tiles').getByRole('listitem')).toHaveCount(4, { timeout: 30_000 });
  expect(await tileTexts(page)).toEqual(researcherTiles);
  await expect(page.getByTestId('chart-success').getByTestId('chart-value')).toHaveText(
    summary.tasks.map((task) => percent(task.success.rate)),
  );
  await expect(page.getByTestId('study-settings')).toContainText('Preguntas tras cada tarea');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});

test("creating an analysis: the form's errors re-check as one types, and the new row offers 'Copiar enlace' at once", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await researcherWithAnalysis(page.request);
  await page.goto('/dashboard');
  await expect(page.getByTestId('analysis-row')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Crear nuevo análisis' }).click();
  await page.getByRole('button', { name: 'Crear análisis' }).click();
  const rule = page.getByText('Se requiere al menos una tarea con contenido');
  await expect(rule).toBeVisible();
  await expect(page.getByText('El nombre del análisis es obligatorio')).toBeVisible();

  const name = `Nuevo ${Date.now()}`;
  await page.getByLabel('Tarea 1').fill('Busca un producto');
  await expect(rule).toHaveCount(0);
  await page.getByLabel('Nombre del análisis').fill(name);
  await expect(page.getByText('El nombre del análisis es obligatorio')).toHaveCount(0);
  await page.getByLabel('URL', { exact: true }).fill('www.example.com');

  // The dashboard's list takes 4 s to come back: the new row must not wait for it.
  await page.route('**/api/v1/analysis', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    return route.continue();
  });
  await page.getByRole('button', { name: 'Crear análisis' }).click();
  await expect(page.getByRole('dialog', { name: 'Éxito' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  const row = page.getByTestId('analysis-row').filter({ hasText: name });
  const copy = row.getByRole('button', { name: /^Copiar enlace/ });
  await expect(copy).toBeVisible({ timeout: 2_000 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await copy.click();
  await expect(row.getByRole('button', { name: /¡Enlace copiado!/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/participate\/[^/]+$/);
});
