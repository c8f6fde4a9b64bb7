// The question builder's round trip (issue 45) against the real worker, local D1/R2 and Chromium
// with fake media. An analysis created through the API with a screener and questions before and
// after the tasks (what the old text syntax saved) opens in the builder showing the same
// questions; the researcher adds a screener question whose 'No' disqualifies, moves a question
// before the tasks up with the keyboard, adds a closing scale and drags it to the top, and saves
// through the real form. A participant who picks the disqualifying option is screened out; one who
// does not sees the screener, the questions before the tasks and the closing ones exactly as built,
// in that order. Nothing scrolls sideways at 360 px.
import type { Locator, Page } from '@playwright/test';
import { clientHeaders, expect, test } from './support/accounts';
import { card, researcherWithAnalysis } from './support/participation';

const SCREENER_Q = '¿Compras por internet al menos una vez al mes?';
const AGE_Q = '¿Tienes 18 años o más?';
const PRE_FREQUENCY = '¿Con qué frecuencia compras en esta tienda?';
const PRE_TRUST = '¿Cuánto te fías de las tiendas online?';
const POST_TEXT = '¿Qué cambiarías de la tienda?';
const POST_SCALE = '¿Recomendarías la tienda?';

const builder = (page: Page, phase: 'screener' | 'pre' | 'post') => page.getByTestId(`builder-${phase}`);
const question = (scope: Locator, n: number) => scope.getByRole('group', { name: `Pregunta ${n}`, exact: true });
const texts = (scope: Locator) => scope.getByLabel('Enunciado', { exact: true });

async function expectNoSidewaysScroll(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (size) await page.setViewportSize(size);
}

/** The question texts a participant's screen shows, top to bottom (legends and labels of the fields). */
const askedOn = (screen: Locator) => screen.locator('legend.form-legend, label.form-legend').allTextContents();

test('the builder round trip: saved questions open in the builder, edits are saved, the participant sees them', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const analysisId = await researcherWithAnalysis(request, 2);
  const created = await request.patch(`/api/v1/analysis/${analysisId}`, {
    data: {
      name: 'Constructor de preguntas',
      url: 'example.com',
      maxNumberOfParticipants: 2,
      scenario: 'Eres un cliente nuevo.',
      tasks: [{ taskType: 'text', taskContent: 'Busca un producto' }],
      device: 'computer',
      taskQuestions: false,
      sus: false,
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
        pre: [
          { text: PRE_FREQUENCY, type: 'single', options: ['Nunca', 'A veces', 'A menudo'] },
          { text: PRE_TRUST, type: 'scale', scale: 5 },
        ],
        post: [{ text: POST_TEXT, type: 'text' }],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  // The researcher opens the form: the saved questions are in the builder as they were.
  const owner = await browser.newContext({ baseURL, storageState: await request.storageState() });
  const researcher = await owner.newPage();
  await researcher.goto(`/analysis/${analysisId}`);
  await researcher.getByRole('button', { name: 'Editar' }).click();
  const screener = builder(researcher, 'screener');
  await expect(texts(screener)).toHaveCount(1);
  await expect(texts(screener).first()).toHaveValue(SCREENER_Q);
  await expect(question(screener, 1).getByLabel('Tipo')).toHaveValue('single');
  await expect(question(screener, 1).getByRole('textbox', { name: /^Opción/ })).toHaveCount(2);
  await expect(question(screener, 1).getByRole('textbox', { name: 'Opción 1' })).toHaveValue('Sí');
  await expect(question(screener, 1).getByRole('textbox', { name: 'Opción 2' })).toHaveValue('No');
  await expect(researcher.getByRole('switch', { name: 'Descalifica: opción 1 de la pregunta 1' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(researcher.getByRole('switch', { name: 'Descalifica: opción 2 de la pregunta 1' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const pre = builder(researcher, 'pre');
  await expect(texts(pre)).toHaveCount(2);
  await expect(texts(pre).nth(0)).toHaveValue(PRE_FREQUENCY);
  await expect(question(pre, 1).getByLabel('Tipo')).toHaveValue('single');
  await expect(texts(pre).nth(1)).toHaveValue(PRE_TRUST);
  await expect(question(pre, 2).getByLabel('Tipo')).toHaveValue('scale5');
  const post = builder(researcher, 'post');
  await expect(texts(post)).toHaveCount(1);
  await expect(texts(post).first()).toHaveValue(POST_TEXT);
  await expect(question(post, 1).getByLabel('Tipo')).toHaveValue('text');

  // A second screener question, its 'No' disqualifying: added, typed and switched with the keyboard.
  await screener.getByRole('button', { name: 'Añadir pregunta' }).click();
  await expect(texts(screener).nth(1)).toBeFocused();
  await researcher.keyboard.type(AGE_Q);
  await question(screener, 2).getByRole('textbox', { name: 'Opción 1' }).fill('Sí');
  await question(screener, 2).getByRole('textbox', { name: 'Opción 2' }).fill('No');
  const disqualifies = researcher.getByRole('switch', { name: 'Descalifica: opción 2 de la pregunta 2' });
  await disqualifies.focus();
  await researcher.keyboard.press('Space');
  await expect(disqualifies).toHaveAttribute('aria-checked', 'true');

  // Before the tasks: the scale moves up with the arrow key on its handle; focus stays with it.
  await pre.getByRole('button', { name: 'Mover la pregunta 2' }).focus();
  await researcher.keyboard.press('ArrowUp');
  await expect(pre.getByRole('button', { name: 'Mover la pregunta 1' })).toBeFocused();
  await expect(texts(pre).nth(0)).toHaveValue(PRE_TRUST);
  await expect(texts(pre).nth(1)).toHaveValue(PRE_FREQUENCY);

  // After the tasks: a 1–7 scale added at the end, then dragged to the top.
  await post.getByRole('button', { name: 'Añadir pregunta' }).click();
  await texts(post).nth(1).fill(POST_SCALE);
  await question(post, 2).getByLabel('Tipo').selectOption('scale7');
  await post.getByRole('button', { name: 'Mover la pregunta 2' }).dragTo(question(post, 1));
  await expect(texts(post).nth(0)).toHaveValue(POST_SCALE);
  await expect(texts(post).nth(1)).toHaveValue(POST_TEXT);

  // The preview shows the participant's view of the list as it now stands.
  await post.getByText('Vista previa').click();
  await expect(post.getByTestId('preview-post').getByRole('radio')).toHaveCount(7);
  await expectNoSidewaysScroll(researcher);

  await researcher.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(researcher.getByRole('button', { name: 'Editar' })).toBeVisible({ timeout: 15_000 });
  const saved = (await (await request.get(`/api/v1/analysis/${analysisId}`)).json()).analysisData;
  expect(saved.screener.questions).toEqual([
    {
      text: SCREENER_Q,
      multiple: false,
      options: [
        { text: 'Sí', accept: true },
        { text: 'No', accept: false },
      ],
    },
    {
      text: AGE_Q,
      multiple: false,
      options: [
        { text: 'Sí', accept: true },
        { text: 'No', accept: false },
      ],
    },
  ]);
  expect(saved.questions).toEqual({
    pre: [
      { text: PRE_TRUST, type: 'scale', scale: 5 },
      { text: PRE_FREQUENCY, type: 'single', options: ['Nunca', 'A veces', 'A menudo'] },
    ],
    post: [
      { text: POST_SCALE, type: 'scale', scale: 7 },
      { text: POST_TEXT, type: 'text' },
    ],
  });
  await owner.close();

  // A participant who is under 18: the new question's disqualifying 'No' screens them out.
  const outContext = await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
  const out = await outContext.newPage();
  await out.goto(`/participate/${analysisId}`);
  await out.getByRole('button', { name: 'Participar' }).click();
  await expect(out.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible({ timeout: 15_000 });
  expect(await askedOn(out.getByTestId('screener'))).toEqual([SCREENER_Q, AGE_Q]);
  await out.getByRole('group', { name: SCREENER_Q }).getByRole('radio', { name: 'Sí' }).check();
  await out.getByRole('group', { name: AGE_Q }).getByRole('radio', { name: 'No' }).check();
  await out.getByRole('button', { name: 'Continuar' }).click();
  await expect(out.getByRole('heading', { name: 'Gracias, este estudio busca otro perfil' })).toBeVisible({
    timeout: 15_000,
  });
  await outContext.close();

  // One who fits sees the questions before the tasks, then the closing ones, as built.
  await page.goto(`/participate/${analysisId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('group', { name: SCREENER_Q }).getByRole('radio', { name: 'Sí' }).check();
  await page.getByRole('group', { name: AGE_Q }).getByRole('radio', { name: 'Sí' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  // The questions before the tasks come next, before any permission (issue 45).
  const early = page.getByTestId('study-questions');
  await expect(page.getByRole('heading', { name: 'Antes de las tareas' })).toBeVisible({ timeout: 15_000 });
  expect(await askedOn(early)).toEqual([PRE_TRUST, PRE_FREQUENCY]);
  await page.getByRole('group', { name: PRE_TRUST }).getByRole('radio', { name: /^4/ }).check();
  await page.getByRole('group', { name: PRE_FREQUENCY }).getByRole('radio', { name: 'A veces' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
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
  // Scenario, URL, then straight to the task: the questions were answered already.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Task 1' })).toBeVisible({ timeout: 15_000 });
  const questions = page.getByTestId('study-questions');
  await page.getByRole('button', { name: /^(Siguiente|Finish Analysis)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Para terminar' })).toBeVisible({ timeout: 15_000 });
  expect(await askedOn(questions)).toEqual([POST_SCALE, POST_TEXT]);
  // Room between the progress bar and the heading, as a step has.
  const bar = (await page.getByRole('progressbar').first().boundingBox())!;
  const title = (await page.getByRole('heading', { name: 'Para terminar' }).boundingBox())!;
  expect(title.y - (bar.y + bar.height)).toBeGreaterThanOrEqual(16);
  // 'Anterior' and 'Siguiente' sit on one row, where the stepper has them (issue 45); 'Anterior'
  // goes back to the step before, and the answers given are still there on the way on.
  await page.getByRole('group', { name: POST_SCALE }).getByRole('radio', { name: /^6/ }).check();
  const back = questions.getByRole('button', { name: 'Anterior' });
  const next = questions.getByRole('button', { name: /^(Siguiente|Finish Analysis)$/ });
  const [backBox, nextBox] = [await back.boundingBox(), await next.boundingBox()];
  expect(Math.abs(backBox!.y - nextBox!.y)).toBeLessThan(2);
  expect(backBox!.x + backBox!.width).toBeLessThan(nextBox!.x);
  await back.click();
  await expect(questions).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Task 1' })).toBeVisible();
  await page.getByRole('button', { name: /^(Siguiente|Finish Analysis)$/ }).click();
  await expect(page.getByRole('group', { name: POST_SCALE }).getByRole('radio', { name: /^6/ })).toBeChecked();
  await expect(page.getByRole('group', { name: POST_SCALE }).getByRole('radio')).toHaveCount(7);
  // The open question is the form's own text box: a bordered field as wide as the questions.
  const box = page.getByRole('textbox', { name: POST_TEXT });
  await expect(box).toBeVisible();
  expect((await box.boundingBox())!.width).toBeGreaterThan((await questions.boundingBox())!.width * 0.9);
  expect(await box.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
});
