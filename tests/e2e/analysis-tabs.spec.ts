// The analysis page in tabs (issue 45): each tab has its own address (`?tab=`), back and forward
// move between them and an unknown tab falls back to 'Resumen'; the tab list is a real ARIA
// tablist that arrow keys walk; the header with the name, the status and the invite link stays on
// screen while the page scrolls, and its button copies the link; 'Resumen' shows a panel study's
// whole set-up; a participation still recording has one badge, no date and only 'Ver en directo';
// nothing is wider than a 360 px screen on any tab. 'Resultados' (issue 45): one CSV control
// that opens both exports, the time per task once, the SUS as a result card like the others; at
// 360 px the tab row takes two lines at most, every name whole.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { measureOverflow } from './support/design-checks';
import { answeredParticipation, askQuestions, expectOk, submitRecording } from './support/insights';
import { expectAccessible, researcherWithAnalysis } from './support/participation';
import { asParticipant, uploadSegment } from './support/recording';

const DEMO_VIDEO = fileURLToPath(new URL('../../web/public/demo/lupa-demo.mp4', import.meta.url));

const TABS = [
  { key: 'summary', name: 'Resumen', query: '' },
  { key: 'participants', name: 'Participantes', query: '?tab=participants' },
  { key: 'results', name: 'Resultados', query: '?tab=results' },
  { key: 'notes', name: 'Notas y clips', query: '?tab=notes' },
  { key: 'share', name: 'Compartir', query: '?tab=share' },
] as const;

const PANEL = 'https://panel.example.com';

/** Makes the researcher's analysis a panel study: a screener, questions, random order, panel links. */
async function makePanelStudy(request: APIRequestContext, analysisId: string) {
  const edit = await request.patch(`/api/v1/analysis/${analysisId}`, {
    data: {
      name: 'Estudio con pestañas',
      url: 'example.com',
      maxNumberOfParticipants: 5,
      scenario: 'Eres un cliente nuevo.',
      tasks: ['Busca un producto', 'Añádelo al carrito'].map((taskContent) => ({ taskType: 'text', taskContent })),
      device: 'computer',
      camera: 'optional',
      taskQuestions: true,
      sus: false,
      transcription: { enabled: false, language: 'es' },
      screener: {
        questions: [
          {
            text: '¿Compras por internet?',
            multiple: false,
            options: [
              { text: 'Sí', accept: true },
              { text: 'No', accept: false },
            ],
          },
        ],
      },
      questions: {
        pre: [{ text: '¿Con qué frecuencia?', type: 'single', options: ['Nunca', 'A menudo'] }],
        post: [{ text: '¿Qué mejorarías?', type: 'text' }],
      },
      taskOrder: 'random',
      panel: {
        pidParam: 'PROLIFIC_PID',
        completionUrl: `${PANEL}/complete?cc=C0DE&pid={pid}`,
        screenOutUrl: `${PANEL}/screened-out?pid={pid}`,
      },
    },
  });
  await expectOk(edit);
}

const selectedTab = (page: Page) =>
  page.getByRole('tablist', { name: 'Secciones del análisis' }).getByRole('tab', { selected: true });

test('the analysis page: tabs by address and keyboard, a sticky header that copies the link, the panel set-up, a live row, 360 px', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is not set');
  const analysisId = await researcherWithAnalysis(page.request, 5);
  // One submitted participation, and one still recording (a segment uploaded, never finished);
  // then the study becomes a panel study (a screener would ask them questions first).
  await submitRecording(baseURL, analysisId);
  const demo = await readFile(DEMO_VIDEO);
  await asParticipant(baseURL, analysisId, async (participant, entryId) => {
    await uploadSegment(participant, entryId, demo, { durationMs: 18_000 });
  });
  await makePanelStudy(page.request, analysisId);
  await page.setViewportSize({ width: 1366, height: 768 });

  // ---- The participation in progress: one badge, no date, only 'Ver en directo'; the submitted
  // one has 'Ver grabación' and 'Analizar'.
  // First, while the participant still counts as recording: two quiet minutes make it
  // 'Interrumpida' (INTERRUPTED_AFTER_MS), and the tour of the tabs below takes that long on a
  // loaded machine (a full run saw the row turn mid-check).
  await page.goto(`/analysis/${analysisId}?tab=participants`);
  const rows = page.getByTestId('participations-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const live = rows.nth(0);
  await expect(live.getByTestId('participant-name')).toHaveText('Participante 2');
  await expect(live.getByTestId('participation-live')).toContainText('En directo');
  await expect(live.getByTestId('participation-status')).toHaveCount(0);
  await expect(live).not.toContainText('N/A');
  await expect(live.getByTestId('participation-actions').getByRole('link')).toHaveText([
    'Ver en directo de Participante 2',
  ]);
  await expect(live.getByTestId('participation-actions').getByRole('button')).toHaveCount(0);
  const done = rows.nth(1);
  await expect(done.getByTestId('participation-status')).toHaveText('Enviada');
  await expect(done.getByRole('button', { name: /^Ver grabación/ })).toBeVisible();
  await expect(done.getByRole('link', { name: /^Analizar/ })).toBeVisible();

  // ---- Each tab by its address; an unknown one falls back to 'Resumen'.
  for (const tab of TABS) {
    await page.goto(`/analysis/${analysisId}${tab.query}`);
    await expect(selectedTab(page)).toHaveText(tab.name, { timeout: 30_000 });
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      (await selectedTab(page).getAttribute('id'))!,
    );
  }
  await page.goto(`/analysis/${analysisId}?tab=nada`);
  await expect(selectedTab(page)).toHaveText('Resumen');
  await expect(page.getByTestId('study-setup')).toBeVisible();

  // ---- The keyboard: the selected tab is the only one in the Tab order; arrows, Home and End move
  // and select, each choice is the address, and the walk is one history entry: back returns to
  // the tab it began on, forward to where it ended (issue 45: one entry per tab passed).
  await page.goto(`/analysis/${analysisId}`);
  const tablist = page.getByRole('tablist', { name: 'Secciones del análisis' });
  await expect(tablist.getByRole('tab')).toHaveText(TABS.map((tab) => tab.name));
  await expect(tablist.locator('[tabindex="0"]')).toHaveCount(1);
  await tablist.getByRole('tab', { name: 'Resumen' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tablist.getByRole('tab', { name: 'Participantes' })).toBeFocused();
  await expect(selectedTab(page)).toHaveText('Participantes');
  await expect(page).toHaveURL(new RegExp(`/analysis/${analysisId}\\?tab=participants$`));
  await page.keyboard.press('End');
  await expect(tablist.getByRole('tab', { name: 'Compartir' })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=share$/);
  await page.keyboard.press('ArrowRight'); // wraps round to the first
  await expect(tablist.getByRole('tab', { name: 'Resumen' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/analysis/${analysisId}$`));
  await page.keyboard.press('ArrowLeft');
  await expect(selectedTab(page)).toHaveText('Compartir');
  await expect(page).toHaveURL(/\?tab=share$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/analysis/${analysisId}$`));
  await expect(selectedTab(page)).toHaveText('Resumen');
  await page.goForward();
  await expect(page).toHaveURL(/\?tab=share$/);
  await expect(selectedTab(page)).toHaveText('Compartir');
  // A click is an entry of its own.
  await tablist.getByRole('tab', { name: 'Resultados' }).click();
  await expect(page).toHaveURL(/\?tab=results$/);
  await page.goBack();
  await expect(selectedTab(page)).toHaveText('Compartir');
  await page.goForward();
  await expect(selectedTab(page)).toHaveText('Resultados');
  await tablist.getByRole('tab', { name: 'Resumen' }).click();
  await expect(selectedTab(page)).toHaveText('Resumen');

  // ---- 'Resumen' shows everything that shapes the panel study.
  const setup = page.getByTestId('study-setup');
  const setting = (id: string) => setup.getByTestId(id).locator('dd');
  await expect(setting('setup-task-order')).toHaveText('Aleatorio');
  await expect(setting('setup-screener')).toContainText('¿Compras por internet?');
  await expect(setting('setup-screener')).toContainText('Sí (acepta)');
  await expect(setting('setup-screener')).toContainText('No (descarta)');
  await expect(setting('setup-pre')).toHaveText('¿Con qué frecuencia? Opción única: Nunca · A menudo');
  await expect(setting('setup-post')).toHaveText('¿Qué mejorarías? Respuesta libre');
  await expect(setting('setup-task-questions')).toHaveText('Sí');
  await expect(setting('setup-sus')).toHaveText('No');
  await expect(setting('setup-pid')).toHaveText('PROLIFIC_PID');
  await expect(setting('setup-completion')).toHaveText(`${PANEL}/complete?cc=C0DE&pid={pid}`);
  await expect(setting('setup-screen-out')).toHaveText(`${PANEL}/screened-out?pid={pid}`);
  await expect(setting('setup-camera')).toHaveText('Opcional');
  await expect(setting('setup-transcription')).toHaveText('No');

  // ---- The header: the name, the status and both links as text; it stays in view while scrolling.
  const header = page.getByTestId('analysis-header');
  const origin = new URL(baseURL).origin;
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('Estudio con pestañas');
  await expect(header.getByTestId('analysis-status')).toContainText('publicado');
  await expect(header.getByTestId('analysis-invite-link')).toHaveText(`${origin}/participate/${analysisId}`);
  await expect(header.getByTestId('analysis-panel-link')).toHaveText(
    `${origin}/participate/${analysisId}?PROLIFIC_PID=`,
  );
  // 'Resumen' is the longest tab: scroll to its end.
  await page.mouse.wheel(0, 2_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const box = await header.boundingBox();
  expect(box, 'the header is on screen').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeLessThan(100); // just under the shell's own header (4rem)
  await expect(header.getByRole('heading', { level: 1 })).toBeInViewport();

  // The copy buttons write the link, and the panel's form of it.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await header.getByRole('button', { name: 'Copiar enlace de invitación', exact: true }).click();
  await expect(header.getByRole('button', { name: '¡Enlace copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/participate/${analysisId}`);
  await header.getByRole('button', { name: /para el panel/ }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(`${origin}/participate/${analysisId}?PROLIFIC_PID=`);

  // ---- At 360 px, no tab is wider than the screen, and the header still fits and sticks.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const tab of TABS) {
    await page.goto(`/analysis/${analysisId}${tab.query}`);
    await expect(selectedTab(page)).toHaveText(tab.name, { timeout: 30_000 });
    await expect(page.getByTestId('analysis-header').getByTestId('analysis-invite-link')).toBeVisible();
    expect(await measureOverflow(page), `'${tab.name}' at 360 px`).toBeNull();
  }
  await page.mouse.wheel(0, 1_500);
  await expect(page.getByTestId('analysis-header').getByRole('heading', { level: 1 })).toBeInViewport();
  const small = await page.getByTestId('analysis-header').boundingBox();
  expect(small!.height, 'the sticky header leaves the screen to the content').toBeLessThan(220);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await measureOverflow(page), 'at 390 px').toBeNull();
});

/** The look every result card shares (issue 45): the card's frame and its heading's type. */
const cardStyle = (card: Locator) =>
  card.evaluate((element) => {
    const box = getComputedStyle(element);
    const heading = element.querySelector('h2, h3');
    const title = heading ? getComputedStyle(heading) : null;
    return {
      padding: box.padding,
      border: box.border,
      radius: box.borderRadius,
      background: box.backgroundColor,
      titleSize: title?.fontSize,
      titleWeight: title?.fontWeight,
    };
  });

test("'Resultados': one CSV control with both exports, the time per task once, the SUS as a result card; the tab row at 360 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const request = page.request;
  const analysisId = await researcherWithAnalysis(request, 5);
  await askQuestions(request, analysisId, { name: 'Resultados e2e' });
  // Three participants, so the SUS has an interval: 85, 75 and 100.
  for (const sus of [
    [4, 2, 5, 1, 4, 2, 4, 1, 5, 2],
    [4, 2, 4, 2, 4, 2, 4, 2, 4, 2],
    [5, 1, 5, 1, 5, 1, 5, 1, 5, 1],
  ]) {
    await answeredParticipation(
      baseURL!,
      analysisId,
      [
        [6, 'yes'],
        [3, 'no'],
        [7, 'yes'],
      ],
      sus,
    );
  }
  const answer = await request.get(`/api/v1/analysis/${analysisId}/summary`);
  await expectOk(answer);
  const summary = (await answer.json()) as {
    sus: { n: number; mean: number; low: number; high: number; grade: string };
  };
  expect(summary.sus.n).toBe(3);
  const decimal = (value: number) => value.toFixed(1).replace('.', ',');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/analysis/${analysisId}?tab=results`);
  const results = page.getByRole('tabpanel');
  await expect(results.getByTestId('insights-sus')).toBeVisible({ timeout: 30_000 });

  // ---- One CSV control: 'Exportar CSV' opens both exports, which are nowhere else.
  await expect(results.getByRole('button', { name: /CSV/ })).toHaveCount(1);
  await expect(results.getByRole('link', { name: /CSV|Exportar/ })).toHaveCount(0);
  await expect(results.locator('a[download]:visible')).toHaveCount(0);
  const exportButton = results.getByRole('button', { name: 'Exportar CSV' });
  await expect(exportButton).toHaveAttribute('aria-expanded', 'false');
  await exportButton.click();
  await expect(exportButton).toHaveAttribute('aria-expanded', 'true');
  const downloads = results.locator('a[download]:visible');
  await expect(downloads).toHaveText(['Por participación', 'Resumen por tarea']);
  await expect(results.getByRole('link', { name: 'Por participación' })).toHaveAttribute(
    'href',
    `/api/v1/analysis/${analysisId}/export`,
  );
  await expect(results.getByRole('link', { name: 'Por participación' })).toHaveAccessibleDescription(
    'Tiempos, respuestas, notas y clips de cada participante',
  );
  await expect(results.getByRole('link', { name: 'Resumen por tarea' })).toHaveAttribute(
    'href',
    `/api/v1/analysis/${analysisId}/export/tasks`,
  );
  // Both download: the per-task one here (its rows: a task each and the SUS).
  const [csv] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    results.getByRole('link', { name: 'Resumen por tarea' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`lupa-analysis-${analysisId}-tasks.csv`);
  await expect(exportButton).toHaveAttribute('aria-expanded', 'false');
  // From the keyboard: Enter opens, Tab reaches the links, Escape closes and returns to the button.
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(exportButton).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(results.getByRole('link', { name: 'Por participación' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(exportButton).toHaveAttribute('aria-expanded', 'false');
  await expect(exportButton).toBeFocused();
  await expect(downloads).toHaveCount(0);

  // ---- The time per task once: one card, and no time column in the metrics table.
  await expect(results.getByTestId('task-times')).toHaveCount(1);
  await expect(results.getByRole('heading', { name: 'Tiempo por tarea' })).toHaveCount(1);
  await expect(results.getByTestId('summary-tasks')).toHaveCount(1);
  await expect(results.getByTestId('task-times').getByRole('columnheader')).toHaveText([
    'Tarea',
    'Mediana',
    'Rango (mín.–máx.)',
    'Participaciones',
  ]);
  await expect(results.getByRole('columnheader', { name: /Tiempo/ })).toHaveCount(0);

  // ---- The SUS: a result card like the others, its heading, figure, interval and n.
  const sus = results.getByTestId('insights-sus');
  await expect(sus.getByRole('heading', { level: 3 })).toHaveText(/^Cuestionario SUS n\s=\s3$/);
  const figure = sus.getByTestId('sus-figure');
  await expect(figure).toBeVisible();
  await expect(figure).toHaveText(decimal(summary.sus.mean));
  await expect(sus).toContainText(`IC 95 %: ${decimal(summary.sus.low)} – ${decimal(summary.sus.high)}`);
  await expect(sus.getByTestId('sus-grade')).toHaveText(summary.sus.grade);
  await expect(sus.getByRole('img', { name: 'Puntuación media e intervalo de confianza' })).toBeVisible();
  // The figure is the card's largest text.
  const sizes = await sus.evaluate((card) =>
    [...card.querySelectorAll('*')].map((element) => parseFloat(getComputedStyle(element).fontSize)),
  );
  expect(parseFloat(await figure.evaluate((element) => getComputedStyle(element).fontSize))).toBe(Math.max(...sizes));
  const metrics = results.getByTestId('insights-summary').locator('.results-card').first();
  const times = results.getByTestId('task-times');
  expect(await cardStyle(sus)).toEqual(await cardStyle(times));
  expect(await cardStyle(sus)).toEqual(await cardStyle(metrics));
  await expectAccessible(page);

  // ---- At 360 px: the tab row takes two lines at most, every name whole, the keyboard as before;
  // nothing is wider than the screen, the export list open or not.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const tab of TABS) {
    await page.goto(`/analysis/${analysisId}${tab.query}`);
    await expect(selectedTab(page)).toHaveText(tab.name, { timeout: 30_000 });
    const tablist = page.getByRole('tablist', { name: 'Secciones del análisis' });
    const row = await tablist.evaluate((list) => {
      const tabs = [...list.querySelectorAll('[role="tab"]')].map((tab) => tab.getBoundingClientRect());
      return {
        lines: new Set(tabs.map((box) => Math.round(box.top))).size,
        height: list.getBoundingClientRect().height,
        tabHeight: Math.max(...tabs.map((box) => box.height)),
        right: Math.max(...tabs.map((box) => box.right)),
        // A tab's name is whole when the tab needs no more room than it has.
        clipped: [...list.querySelectorAll<HTMLElement>('[role="tab"]')]
          .filter((tab) => tab.scrollWidth > tab.clientWidth)
          .map((tab) => tab.textContent),
      };
    });
    expect(row.lines, `the tab row with '${tab.name}' selected`).toBeLessThanOrEqual(2);
    expect(row.height).toBeLessThanOrEqual(2 * row.tabHeight + 8);
    expect(row.right).toBeLessThanOrEqual(360);
    expect(row.clipped).toEqual([]);
    expect(await measureOverflow(page), `'${tab.name}' at 360 px`).toBeNull();
  }
  const tablist = page.getByRole('tablist', { name: 'Secciones del análisis' });
  await tablist.getByRole('tab', { name: 'Compartir' }).focus();
  await page.keyboard.press('Home');
  await expect(tablist.getByRole('tab', { name: 'Resumen' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tablist.getByRole('tab', { name: 'Compartir' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(selectedTab(page)).toHaveText('Resultados');
  await expect(page).toHaveURL(/\?tab=results$/);
  await expect(sus.getByTestId('sus-figure')).toBeVisible();
  await results.getByRole('button', { name: 'Exportar CSV' }).click();
  const list = results.locator('.export-menu__list');
  await expect(list).toBeVisible();
  const box = await list.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await measureOverflow(page), "'Resultados' at 360 px, the exports open").toBeNull();
});
