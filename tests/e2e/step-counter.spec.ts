// Issue 45: the participant's 'Step X of N' comes from one list of every screen they go through
// (ADR 0015, 0017). A participant answers a question before the tasks (before the permissions, so
// not a screen of the stepper), then walks two tasks
// with their questions, a question after them and the SUS, in Chromium with the fake screen
// against the real worker; the counter goes up by one on every screen, never stalls, skips or
// goes back, and stays on the last screen behind the end's window.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { recordingStatus, researcherWithAnalysis, SCENARIO, startAnalysis } from './support/participation';

const PRE_Q = '¿Con qué frecuencia compras en esta tienda?';
const POST_Q = '¿Qué cambiarías de la tienda?';
const SEQ = '¿Qué tan fácil o difícil fue esta tarea?';
const SUCCESS = '¿Conseguiste completar la tarea?';

const counter = (page: Page) => page.getByTestId('stepper-count');

/** Checks the counter on the screen whose heading is `heading`. */
/** Scenario, URL, two tasks with their questions, the question after them and the SUS. */
const SCREENS = 8;

async function expectScreen(page: Page, heading: string, step: number, of = SCREENS) {
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(counter(page)).toHaveText(`Step ${step} of ${of}`);
}

async function answerTask(page: Page) {
  await page.getByRole('group', { name: SEQ }).getByRole('radio', { name: '6' }).check();
  await page.getByRole('group', { name: SUCCESS }).getByRole('radio', { name: 'Sí' }).check();
}

/** An analysis with a question before the tasks, two tasks with their questions, one after them and the SUS. */
async function countedAnalysis(request: APIRequestContext): Promise<string> {
  const analysisId = await researcherWithAnalysis(request, 1);
  const edit = await request.patch(`/api/v1/analysis/${analysisId}`, {
    data: {
      name: 'Contador de pasos',
      url: 'example.com',
      maxNumberOfParticipants: 1,
      scenario: SCENARIO,
      tasks: ['Busca un producto', 'Añádelo al carrito'].map((taskContent) => ({ taskType: 'text', taskContent })),
      device: 'computer',
      taskQuestions: true,
      sus: true,
      questions: {
        pre: [{ text: PRE_Q, type: 'single', options: ['Nunca', 'A veces', 'A menudo'] }],
        post: [{ text: POST_Q, type: 'text' }],
      },
    },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  return analysisId;
}

/** The question before the tasks, on its own card after 'Participar', with nothing recorded yet. */
async function answerEarly(page: Page) {
  await expect(page.getByRole('heading', { name: 'Antes de las tareas' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Aún no se graba nada.', { exact: false })).toBeVisible();
  await page.getByRole('group', { name: PRE_Q }).getByRole('radio', { name: 'A menudo' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** The server holds the early answer, stored at `atMs` on the recording's timeline. */
async function expectPreAnswer(request: APIRequestContext, analysisId: string, atMs: number | null) {
  const entries = await request.get(`/api/v1/analysis/${analysisId}`);
  const entryId = ((await entries.json()) as { analysisData: { AnalysisEntries: { id: string }[] } }).analysisData
    .AnalysisEntries[0].id;
  const { answers } = (await (await request.get(`/api/v1/entry/${entryId}`)).json()) as {
    answers: { questions: { phase: string; question: string; answer: string; atMs: number }[] };
  };
  const pre = answers.questions.find((q) => q.phase === 'pre');
  expect(pre).toMatchObject({ question: PRE_Q, answer: 'A menudo' });
  if (atMs !== null) expect(pre?.atMs).toBe(atMs);
}

test('the step counter walks pre-questions, tasks with their questions, post-questions and the SUS', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const analysisId = await countedAnalysis(request);

  // The question before the tasks comes before the permissions (issue 45): not a screen of the stepper.
  await startAnalysis(page, analysisId, { beforePermissions: answerEarly });
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const next = () => page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  await expect(counter(page)).toHaveText(`Step 1 of ${SCREENS}`);
  await next();
  await expect(counter(page)).toHaveText(`Step 2 of ${SCREENS}`);
  await next();
  await expectScreen(page, 'Task 1', 3);
  await next();
  await expectScreen(page, 'Sobre la tarea 1', 4);
  await answerTask(page);
  await next();
  await expectScreen(page, 'Task 2', 5);
  await next();
  await expectScreen(page, 'Sobre la tarea 2', 6);
  await answerTask(page);
  await next();
  await expectScreen(page, 'Para terminar', 7);
  await page.getByRole('textbox', { name: POST_Q }).fill('Un buscador más visible');
  await next();
  await expectScreen(page, 'Cuestionario final', 8);
  for (const group of await page.getByTestId('question-screen').getByRole('group').all()) {
    await group.getByRole('radio').nth(2).check();
  }
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  // The upload runs and ends behind its window: the counter stays on the last screen.
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
  await expect(counter(page)).toHaveText(`Step ${SCREENS} of ${SCREENS}`);

  // The answer given before the permissions reached the server, at the recording's start.
  await expectPreAnswer(request, analysisId, 0);
});

test('an early answer the server did not get is asked again after the URL step, already filled in', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const analysisId = await countedAnalysis(request);
  // The first save of the early answers fails on the way (the network drops it).
  let dropped = 0;
  await page.route('**/api/v1/analysisEntry/*/answers/questions/pre', async (route) => {
    if (dropped++ === 0) return route.abort('failed');
    return route.continue();
  });
  await startAnalysis(page, analysisId, { beforePermissions: answerEarly });
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => dropped).toBe(1);
  const next = () => page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await next();
  await next();
  // Nothing the participant gave is lost: the question is back, as a screen of the stepper, answered.
  await expectScreen(page, 'Antes de las tareas', 3, 9);
  await expect(page.getByRole('group', { name: PRE_Q }).getByRole('radio', { name: 'A menudo' })).toBeChecked();
  await next();
  // On to the end, and the researcher reads the answer as given.
  for (const task of [1, 2]) {
    await expectScreen(page, `Task ${task}`, 2 + task * 2, 9);
    await next();
    await expectScreen(page, `Sobre la tarea ${task}`, 3 + task * 2, 9);
    await answerTask(page);
    await next();
  }
  await expectScreen(page, 'Para terminar', 8, 9);
  await page.getByRole('textbox', { name: POST_Q }).fill('Nada');
  await next();
  await expectScreen(page, 'Cuestionario final', 9, 9);
  for (const group of await page.getByTestId('question-screen').getByRole('group').all()) {
    await group.getByRole('radio').nth(2).check();
  }
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
  await expectPreAnswer(request, analysisId, null);
});
