// The analysis page in tabs (issue 45): each tab has its own address (`?tab=`), back and forward
// move between them and an unknown tab falls back to 'Resumen'; the tab list is a real ARIA
// tablist that arrow keys walk; the header with the name, the status and the invite link stays on
// screen while the page scrolls, and its button copies the link; 'Resumen' shows a panel study's
// whole set-up; a participation still recording has one badge, no date and only 'Ver en directo';
// nothing is wider than a 360 px screen on any tab.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { measureOverflow } from './support/design-checks';
import { expectOk, submitRecording } from './support/insights';
import { researcherWithAnalysis } from './support/participation';
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
  // and select, and each choice is an address that back and forward return to.
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
  await page.goBack();
  await expect(selectedTab(page)).toHaveText('Resumen');
  await page.goBack();
  await expect(selectedTab(page)).toHaveText('Compartir');
  await page.goForward();
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

  // ---- The participation in progress: one badge, no date, only 'Ver en directo'; the submitted
  // one has 'Ver grabación' and 'Analizar'.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('tab', { name: 'Participantes' }).click();
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
