// Task questions, SUS and the insights summary (ADR 0012) end to end against the real worker,
// local D1/R2 and the real recorder wasm, in Chromium with fake media: a participant answers SEQ
// and success after every task and the SUS before Finish with the keyboard alone (Tab, arrows,
// Space, Enter) while recording; two more participations answer through the API; the researcher's
// analysis page shows the endpoint's figures with n, intervals and the charts' text alternatives,
// and the per-task CSV. An analysis without the settings keeps product §2's flow.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import { clientHeaders, expect, test } from './support/accounts';
import { literal, sql } from './support/db';
import { answeredParticipation, askQuestions } from './support/insights';
import {
  entryOf,
  expectAccessible,
  recordingStatus,
  researcherWithAnalysis,
  startAnalysis,
  TASKS,
} from './support/participation';

const SEQ = '¿Qué tan fácil o difícil fue esta tarea?';
const SUCCESS = '¿Conseguiste completar la tarea?';

async function expectOk(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.status(), `${response.url()} → ${await response.text()}`).toBeLessThan(300);
  return response;
}

/** Presses a button from the keyboard: focus lands on it, then Enter (as after Tab). */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/**
 * Answers one radio group with the keyboard only, from the element focused before it: Tab into
 * the group (its first option), Space to choose it, ArrowRight to move the choice to `position`.
 */
async function chooseByKeyboard(page: Page, position: number) {
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  for (let i = 1; i < position; i++) await page.keyboard.press('ArrowRight');
}

/** No horizontal scrolling on a 360 px wide phone screen. */
async function expectNoSidewaysScroll(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

/** SEQ `seq` (1–7) and the success option at `success` (1 'Sí', 2 'No', 3 'No estoy seguro'), then 'Siguiente'/'Finish'. */
async function answerTask(page: Page, taskNumber: number, seq: number, success: number) {
  const heading = page.getByRole('heading', { name: `Sobre la tarea ${taskNumber}` });
  await expect(heading).toBeFocused();
  await chooseByKeyboard(page, seq);
  await expect(
    page.getByRole('group', { name: SEQ }).getByRole('radio', { name: new RegExp(`^${seq}`) }),
  ).toBeChecked();
  await expect(
    page.getByRole('group', { name: SEQ }).getByRole('radio', { name: new RegExp(`^${seq}`) }),
  ).toBeFocused();
  await chooseByKeyboard(page, success);
  await expect(
    page
      .getByRole('group', { name: SUCCESS })
      .getByRole('radio')
      .nth(success - 1),
  ).toBeChecked();
  // 'Volver a la tarea', then the submit button.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^(Siguiente|Finish Analysis)$/ })).toBeFocused();
  await page.keyboard.press('Enter');
}

interface SummaryJson {
  tasks: {
    taskNumber: number;
    success: { n: number; rate: number; low: number | null };
    seq: { n: number; mean: number };
  }[];
  sus: { n: number; mean: number; low: number | null; grade: string };
}

test('a participant answers every question by keyboard alone and finishes; the researcher sees the summary', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(300_000);
  const analysisId = await researcherWithAnalysis(request, 5);
  await askQuestions(request, analysisId);

  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  await press(page, 'Siguiente');
  await press(page, 'Siguiente');
  await expect(page.getByRole('heading', { name: 'Task 1' })).toBeVisible();

  // Task 1: the questions replace the step; the recording keeps running meanwhile.
  await press(page, 'Siguiente');
  await expect(page.getByRole('heading', { name: 'Sobre la tarea 1' })).toBeFocused();
  await expect(page.getByRole('group', { name: SEQ }).getByRole('radio')).toHaveCount(7);
  await expect(page.getByRole('radio', { name: '1, Muy difícil' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '7, Muy fácil' })).toBeVisible();
  await expect(recordingStatus(page)).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  // Without answers the screen stays and says why.
  await press(page, 'Siguiente');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Responde a todas las preguntas para continuar.' }),
  ).toBeVisible();
  // Focus went to the first unanswered question; start again from the heading.
  await expect(page.getByRole('radio', { name: '1, Muy difícil' })).toBeFocused();
  await page.getByRole('heading', { name: 'Sobre la tarea 1' }).focus();
  await answerTask(page, 1, 6, 1);
  await expect(page.getByRole('heading', { name: 'Task 2' })).toBeFocused();

  await press(page, 'Siguiente');
  await answerTask(page, 2, 3, 3);
  await expect(page.getByRole('heading', { name: 'Task 3' })).toBeFocused();

  // The last task is not the last screen (ADR 0015): 'Siguiente' asks its questions, then the
  // SUS, which alone has 'Finish Analysis'; the progress counts the question screens.
  await expect(page.getByRole('button', { name: 'Finish Analysis' })).toHaveCount(0);
  await expect(page.getByTestId('stepper-count')).toHaveText('Step 7 of 9');
  await press(page, 'Siguiente');
  await expect(page.getByTestId('stepper-count')).toHaveText('Step 8 of 9');
  await answerTask(page, 3, 7, 1);
  await expect(page.getByTestId('stepper-count')).toHaveText('Step 9 of 9');
  const susTitle = page.getByRole('heading', { name: 'Cuestionario final' });
  await expect(susTitle).toBeFocused();
  await expect(page.getByTestId('question-screen').getByRole('group')).toHaveCount(10);
  await expect(page.getByText(/Sevilla-Gonzalez et al\./)).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  const sus = [4, 2, 5, 1, 4, 2, 4, 1, 5, 2];
  for (const value of sus) await chooseByKeyboard(page, value);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Finish Analysis' })).toBeFocused();
  await expect(recordingStatus(page)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });

  // Stored with the entry, each task's at the moment 'Siguiente' was pressed.
  const entry = await entryOf(analysisId);
  expect(entry.status).toBe('submitted');
  const page1 = await expectOk(await request.get(`/api/v1/entry/${entry.id}`));
  const { answers } = (await page1.json()) as {
    answers: {
      tasks: { taskNumber: number; seq: number; success: string; atMs: number }[];
      sus: { answers: number[]; score: number };
    };
  };
  expect(answers.tasks.map(({ taskNumber, seq, success }) => [taskNumber, seq, success])).toEqual([
    [1, 6, 'yes'],
    [2, 3, 'unsure'],
    [3, 7, 'yes'],
  ]);
  expect(answers.tasks.every((task) => task.atMs > 0)).toBe(true);
  expect(answers.sus.answers).toEqual(sus);
  expect(answers.sus.score).toBe(85);

  // Two more participations, so the figures have n = 3 and intervals.
  await answeredParticipation(
    baseURL!,
    analysisId,
    [
      [5, 'yes'],
      [4, 'no'],
      [6, 'yes'],
    ],
    [3, 3, 4, 2, 4, 2, 4, 2, 4, 2],
  );
  await answeredParticipation(
    baseURL!,
    analysisId,
    [
      [7, 'yes'],
      [2, 'no'],
      [5, 'unsure'],
    ],
    [5, 1, 5, 1, 5, 1, 5, 1, 5, 1],
  );
  const summary = (await (
    await expectOk(await request.get(`/api/v1/analysis/${analysisId}/summary`))
  ).json()) as SummaryJson;
  expect(summary.tasks.map((task) => task.success.n)).toEqual([3, 3, 3]);

  // The researcher's page, in its own browser with the researcher's session.
  const researcher = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    extraHTTPHeaders: clientHeaders(),
    storageState: await request.storageState(),
  });
  try {
    const view = await researcher.newPage();
    await view.goto(`/analysis/${analysisId}?tab=results`);
    const insights = view.getByTestId('insights-summary');
    await expect(insights).toBeVisible({ timeout: 30_000 });
    const rows = insights.getByTestId('insights-tasks').getByRole('row');
    await expect(rows).toHaveCount(4);
    // Intl writes '80 %' with a no-break space, which Playwright's text matching reads as a space.
    const percent = (rate: number) => `${Math.round(rate * 100)} %`;
    const first = rows.nth(1);
    await expect(first).toContainText(`1. ${TASKS[0]}`);
    await expect(first).toContainText(percent(summary.tasks[0]!.success.rate));
    await expect(first).toContainText('n = 3');
    await expect(first).toContainText(`IC 95 %: ${percent(summary.tasks[0]!.success.low!)}`);
    await expect(first).toContainText(summary.tasks[0]!.seq.mean.toFixed(1).replace('.', ','));
    const chart = insights.getByRole('img', { name: 'Tasa de éxito por tarea' });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(
      new RegExp(
        `^Tarea 1: ${Math.round(summary.tasks[0]!.success.rate * 100)}\\s%\\s\\(IC 95 %: .+\\), n = 3\\. Tarea 2: .+ n = 3\\. Tarea 3: .+ n = 3\\.$`,
      ),
    );
    await expect(insights.getByRole('img', { name: 'Facilidad media (SEQ) por tarea' })).toHaveAccessibleDescription(
      /Tarea 1: .+, n = 3\./,
    );
    const susPanel = insights.getByTestId('insights-sus');
    await expect(susPanel).toContainText(summary.sus.mean.toFixed(1).replace('.', ','));
    await expect(susPanel).toContainText('n = 3');
    await expect(susPanel.getByTestId('sus-grade')).toHaveText(summary.sus.grade);
    await expect(susPanel).toContainText('Escala curvada de Sauro y Lewis');
    await expectAccessible(view);
    await expectNoSidewaysScroll(view);

    // The per-task summary, from the tab's one CSV control (issue 45).
    await view.getByRole('button', { name: 'Exportar CSV' }).click();
    const [csv] = await Promise.all([
      view.waitForEvent('download', { timeout: 30_000 }),
      view.getByRole('link', { name: 'Resumen por tarea' }).click(),
    ]);
    const csvText = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csvText
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    const kind = header!.indexOf('kind');
    expect(lines.map((line) => line[kind])).toEqual(['task', 'task', 'task', 'sus']);

    // The player shows the answers beside the recording, each going to the moment it was given.
    await view.goto(`/entry/${entry.id}`);
    // Its own tab of the side panel, after 'Notas' and 'Tareas' (ADR 0015).
    await expect(view.getByRole('tablist').getByRole('tab')).toHaveText(
      ['Notas', 'Transcripción', 'Resumen', 'Tareas', 'Respuestas'],
      { timeout: 30_000 },
    );
    await view.getByRole('tab', { name: 'Respuestas' }).click();
    const answered = view.getByTestId('entry-answers');
    // One table in time order: question, answer, moment (issue 45).
    const row = (question: string) =>
      answered.getByRole('row').filter({ has: answered.page().getByRole('rowheader', { name: question }) });
    await expect(row('Tarea 1')).toContainText('Facilidad 6 de 7. ¿Completada? Sí.', { timeout: 30_000 });
    await expect(row('Tarea 2')).toContainText('Facilidad 3 de 7. ¿Completada? No estoy seguro.');
    await expect(row('Cuestionario SUS')).toContainText('85 de 100.');
    await expect(answered.getByRole('button', { name: /^Ir a \d\d:\d\d$/ })).toHaveCount(4);
    await expectAccessible(view);
  } finally {
    await researcher.close();
  }
});

test('an analysis without the settings keeps the flow of product §2: no question screens, no answers', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const analysisId = await researcherWithAnalysis(request);
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  for (const step of ['Step 2 of 5', 'Task 1', 'Task 2', 'Task 3']) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(
      step.startsWith('Step') ? page.getByText(step) : page.getByRole('heading', { name: step }),
    ).toBeVisible();
    await expect(page.getByTestId('question-screen')).toHaveCount(0);
  }
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
  const entry = await entryOf(analysisId);
  const rows = await sql(
    `SELECT (SELECT COUNT(*) FROM task_answers WHERE entry_id = ${literal(entry.id)}) + (SELECT COUNT(*) FROM sus_answers WHERE entry_id = ${literal(entry.id)}) AS n`,
  );
  expect(rows[0]?.n).toBe(0);

  const researcher = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    extraHTTPHeaders: clientHeaders(),
    storageState: await request.storageState(),
  });
  try {
    const view = await researcher.newPage();
    await view.goto(`/analysis/${analysisId}?tab=results`);
    await expect(view.getByTestId('summary-tasks')).toBeVisible({ timeout: 30_000 });
    await expect(view.getByTestId('insights-summary')).toHaveCount(0);
  } finally {
    await researcher.close();
  }
});
