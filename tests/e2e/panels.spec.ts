// Panel studies (ADR 0017) end to end against the real worker, local D1/R2 and the real recorder in
// Chromium with fake media. An analysis with one place, a screener, a question before and after
// the tasks, a random task order and Prolific-style links: a participant the screener rejects
// lands on the screen-out URL with nothing recorded and no place taken; then one arriving with
// ?PROLIFIC_PID=abc123 is screened in, answers both questions with the keyboard, does the tasks
// in the drawn order (named by their original numbers) and is sent to the completion URL with
// abc123 in it. The panel's host is intercepted, so nothing leaves the machine. The researcher
// then sees both in the summary and the CSV, and the text answer's link opens the recording at
// the answer's moment (`?t=`), where the answers are marked on the scrubber. Nothing scrolls
// sideways at 360 px.
import type { APIRequestContext, Page } from '@playwright/test';
import { clientHeaders, expect, test } from './support/accounts';
import { literal, sql } from './support/db';
import { card, researcherWithAnalysis } from './support/participation';

const PANEL = 'https://panel.example.com';
const SCREENER_Q = '¿Compras por internet al menos una vez al mes?';
const PRE_Q = '¿Con qué frecuencia compras en esta tienda?';
const POST_Q = '¿Qué cambiarías de la tienda?';

/** The panel's pages, answered here: the browser never reaches the network. */
async function interceptPanel(page: Page) {
  await page.route(`${PANEL}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Panel</title><h1>Panel</h1>' }),
  );
}

async function makePanelStudy(request: APIRequestContext): Promise<string> {
  const analysisId = await researcherWithAnalysis(request, 1);
  const edit = await request.patch(`/api/v1/analysis/${analysisId}`, {
    data: {
      name: 'Estudio con panel',
      url: 'example.com',
      maxNumberOfParticipants: 1,
      scenario: 'Eres un cliente nuevo.',
      tasks: ['Busca un producto', 'Añádelo al carrito', 'Ve a pagar'].map((taskContent) => ({
        taskType: 'text',
        taskContent,
      })),
      device: 'computer',
      screener: {
        questions: [
          {
            text: SCREENER_Q,
            multiple: false,
            options: [
              { text: 'Sí', accept: true },
              { text: 'No', accept: false },
            ],
          },
        ],
      },
      questions: {
        pre: [{ text: PRE_Q, type: 'single', options: ['Nunca', 'A veces', 'A menudo'] }],
        post: [{ text: POST_Q, type: 'text' }],
      },
      taskOrder: 'random',
      panel: {
        pidParam: 'PROLIFIC_PID',
        completionUrl: `${PANEL}/complete?cc=C0DE&pid={pid}`,
        screenOutUrl: `${PANEL}/screened-out?pid={pid}`,
      },
    },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  return analysisId;
}

async function expectNoSidewaysScroll(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (size) await page.setViewportSize(size);
}

/** Chooses a radio option with the keyboard: focus it, then Space. */
async function chooseRadio(page: Page, group: string, option: string) {
  await page.getByRole('group', { name: group }).getByRole('radio', { name: option }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('group', { name: group }).getByRole('radio', { name: option })).toBeChecked();
}

async function pressButton(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

test('a panel study: screened out to the screen-out URL, screened in to the completion URL with the pid', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const analysisId = await makePanelStudy(request);

  // A participant who does not fit: sent back, nothing recorded, no place taken.
  const outContext = await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
  const out = await outContext.newPage();
  await interceptPanel(out);
  await out.goto(`/participate/${analysisId}?PROLIFIC_PID=nofit42`);
  await out.getByRole('button', { name: 'Participar' }).click();
  await expect(out.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible({ timeout: 15_000 });
  await expectNoSidewaysScroll(out);
  await chooseRadio(out, SCREENER_Q, 'No');
  await pressButton(out, 'Continuar');
  await out.waitForURL(`${PANEL}/screened-out?pid=nofit42`);
  await outContext.close();
  expect(await sql(`SELECT COUNT(*) AS n FROM analysis_entries WHERE analysis_id = ${literal(analysisId)}`)).toEqual([
    { n: 0 },
  ]);

  // The only place is still free: a participant from the panel who fits takes it.
  await interceptPanel(page);
  await page.goto(`/participate/${analysisId}?PROLIFIC_PID=abc123`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible({ timeout: 15_000 });
  await chooseRadio(page, SCREENER_Q, 'Sí');
  await pressButton(page, 'Continuar');
  // Then the question before the tasks, answered with the keyboard, still before any permission
  // and with nothing recorded (issue 45).
  await expect(page.getByRole('heading', { name: 'Antes de las tareas' })).toBeFocused({ timeout: 15_000 });
  await expectNoSidewaysScroll(page);
  await pressButton(page, 'Continuar');
  await expect(page.getByTestId('question-error')).toBeVisible();
  await chooseRadio(page, PRE_Q, 'A menudo');
  await pressButton(page, 'Continuar');
  // Only now are permissions asked.
  await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByRole('dialog', { name: 'Confirmación de Seguridad' })
    .getByRole('button', { name: 'Aceptar y Continuar' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /^Grabando$/ })).toBeVisible({ timeout: 20_000 });

  const [entry] = await sql(
    `SELECT id, pid, task_order FROM analysis_entries WHERE analysis_id = ${literal(analysisId)}`,
  );
  expect(entry.pid).toBe('abc123');
  const order = JSON.parse(entry.task_order as string) as number[];
  expect([...order].sort()).toEqual([1, 2, 3]);

  await pressButton(page, 'Siguiente');
  await pressButton(page, 'Siguiente');
  // The tasks in the drawn order, each under its original number.
  for (const [i, n] of order.entries()) {
    await expect(page.getByRole('heading', { name: `Task ${n}` })).toBeVisible();
    await pressButton(page, i < order.length - 1 ? 'Siguiente' : /^(Siguiente|Finish Analysis)$/);
  }
  // Before Finish: the closing question (a labelled text box).
  await expect(page.getByRole('heading', { name: 'Para terminar' })).toBeFocused();
  await page.getByRole('textbox', { name: POST_Q }).focus();
  await page.keyboard.type('Un buscador más visible');
  await expectNoSidewaysScroll(page);
  await pressButton(page, 'Finish Analysis');
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Gracias por participar' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('completion-link')).toHaveAttribute('href', `${PANEL}/complete?cc=C0DE&pid=abc123`);
  await page.waitForURL(`${PANEL}/complete?cc=C0DE&pid=abc123`, { timeout: 10_000 });

  // The researcher: both participants in the summary and the CSV.
  const summary = await (await request.get(`/api/v1/analysis/${analysisId}/summary`)).json();
  expect(summary.screenOuts).toEqual({ total: 1, reasons: [{ question: SCREENER_Q, option: 'No', count: 1 }] });
  expect(summary.entries.map((e: { pid: string; taskOrder: number[] }) => [e.pid, e.taskOrder])).toEqual([
    ['abc123', order],
  ]);
  const texts = summary.questions.find((q: { question: string }) => q.question === POST_Q).texts;
  expect(texts.map((t: { text: string }) => t.text)).toEqual(['Un buscador más visible']);
  const answeredAt = (texts[0] as { atMs: number }).atMs / 1000;
  const csv = await (await request.get(`/api/v1/analysis/${analysisId}/export`)).text();
  expect(csv).toContain('abc123');
  expect(csv).toMatch(/screen_out,,[^\n]*nofit42/);
  expect(csv).toContain('Un buscador más visible');

  // …and on the analysis page.
  const researcherPage = await browser.newPage({ baseURL, storageState: await request.storageState() });
  // The panel's id in the participations (their tab), the screen-outs and answers in 'Resultados'.
  await researcherPage.goto(`/analysis/${analysisId}?tab=participants`);
  await expect(researcherPage.getByRole('cell', { name: 'abc123' })).toBeVisible({ timeout: 15_000 });
  await researcherPage.getByRole('tab', { name: 'Resultados' }).click();
  await expect(researcherPage.getByTestId('screen-outs')).toContainText('1', { timeout: 15_000 });
  await expect(researcherPage.getByTestId('screen-outs')).toContainText(SCREENER_Q);
  await expect(researcherPage.getByTestId('study-answers')).toContainText('Un buscador más visible');
  // The choice question as bars with count and share of who answered (issue 45).
  const pre = researcherPage.getByTestId('study-question').filter({ hasText: PRE_Q });
  await expect(pre.getByTestId('answer-bar')).toHaveCount(3);
  await expect(
    pre.getByTestId('answer-bar').filter({ hasText: 'A menudo' }).getByTestId('answer-bar-value'),
  ).toHaveText('1 · 100 %');
  await expect(pre.getByTestId('answer-bar').filter({ hasText: 'Nunca' }).getByTestId('answer-bar-value')).toHaveText(
    '0 · 0 %',
  );
  await expect(pre).toContainText('n = 1');
  await expectNoSidewaysScroll(researcherPage);
  // The text answer's link opens the player at the answer's moment, the answers marked on the scrubber.
  await researcherPage
    .getByTestId('study-answers')
    .getByRole('link', { name: /Un buscador más visible/ })
    .click();
  await researcherPage.waitForURL(/\/entry\/[^/?]+\?t=\d+$/);
  await expect(researcherPage.getByRole('button', { name: `Respuesta: ${POST_Q}` })).toBeAttached({ timeout: 15_000 });
  const video = researcherPage.getByTestId('entry-video').first();
  await expect
    .poll(async () => Math.abs((await video.evaluate((v: HTMLVideoElement) => v.currentTime)) - answeredAt), {
      timeout: 15_000,
    })
    .toBeLessThanOrEqual(1);
  await researcherPage.close();
});

test("the form's 'Opciones avanzadas': collapsed by default, each redirect shown as it will be built, questions edited", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A study without the options (transcription on, the default): the section is there, closed,
  // and product §2's form looks as before.
  const plainId = await researcherWithAnalysis(request, 2, undefined, { transcribe: true });
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL, storageState: await request.storageState() });
  const researcher = await context.newPage();
  await researcher.goto(`/analysis/${plainId}`);
  await researcher.getByRole('button', { name: 'Editar' }).click();
  await expect(researcher.getByText('Opciones avanzadas')).toBeVisible();
  await expect(researcher.getByRole('group', { name: 'Orden de las tareas' })).toBeHidden();

  await context.close();

  // A panel study (another researcher: the helper signs a new one in).
  const analysisId = await makePanelStudy(request);
  const owner = await page
    .context()
    .browser()!
    .newContext({ baseURL, storageState: await request.storageState() });
  const researcherPage = await owner.newPage();
  await researcherPage.goto(`/analysis/${analysisId}`);
  await researcherPage.getByRole('button', { name: 'Editar' }).click();
  // Open, as the analysis has options; each redirect as the participant will get it.
  await expect(researcherPage.getByRole('radio', { name: 'Aleatorio' })).toBeChecked();
  await expect(researcherPage.getByTestId('redirect-preview').first()).toHaveText(
    `Se enviará a: ${PANEL}/complete?cc=C0DE&pid=ID123`,
  );
  await expectNoSidewaysScroll(researcherPage);
  // The question after the tasks, in the question builder (issue 45).
  const post = researcherPage.getByTestId('builder-post').getByLabel('Enunciado', { exact: true });
  await expect(post).toHaveValue(POST_Q);
  await post.fill('¿Qué es lo que más te ha gustado?');
  await researcherPage.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(researcherPage.getByRole('button', { name: 'Editar' })).toBeVisible({ timeout: 15_000 });
  const saved = await (await request.get(`/api/v1/analysis/${analysisId}`)).json();
  expect(saved.analysisData.questions.post).toEqual([{ text: '¿Qué es lo que más te ha gustado?', type: 'text' }]);
  expect(saved.analysisData.screener.questions[0].options).toEqual([
    { text: 'Sí', accept: true },
    { text: 'No', accept: false },
  ]);
  await owner.close();
});
