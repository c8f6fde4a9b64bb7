// The review's screens (ADR 0015), each in light and dark at 1440×900 and 390×844: the invite's
// welcome, the player (notes tab, cinema mode), each tab of the analysis page, the dashboard, and
// the shared summary, recording and clip. One researcher's data, made once. Blocks of their own
// (tests of their own) take the question builder, a question screen, and the live view with the
// resumed player at 390 px (issue 45).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { answeredParticipation, askQuestions, createClip, expectOk, submitRecording } from '../e2e/support/insights';
import { entryOf, researcherWithAnalysis, startAnalysis } from '../e2e/support/participation';
import { analysisBody, textTasks } from '../../scripts/lib/analysis-body.mjs';

const OUT = fileURLToPath(new URL('../../screenshots/', import.meta.url));
const VIEWPORTS = [
  { label: '1440x900', width: 1440, height: 900 },
  { label: '390x844', width: 390, height: 844 },
];
const THEMES = ['light', 'dark'] as const;

test('the review screens', async ({ browser, request, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const analysisId = await researcherWithAnalysis(request, 10, 'optional');
  const entryId = await submitRecording(baseURL!, analysisId);
  await submitRecording(baseURL!, analysisId);
  // Questions on and three participants who answered them: the figures' tiles and charts have
  // values and intervals to show.
  await askQuestions(request, analysisId, { name: 'Tienda online: compra de zapatillas', places: 10 });
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
  for (const [i, text] of ['Duda con el menú', 'No encuentra el buscador', 'Lee la ficha entera'].entries()) {
    await expectOk(await request.post(`/api/v1/entry/${entryId}/notes`, { data: { atMs: 1_000 + i * 4_000, text } }));
  }
  const clipId = await createClip(request, entryId, { atMs: 2_000, endMs: 8_000, title: 'Duda en el carrito' });
  const share = async (data: Record<string, unknown>) => {
    const created = await request.post(`/api/v1/analysis/${analysisId}/shares`, {
      data: { expiresInDays: 7, ...data },
    });
    await expectOk(created);
    return ((await created.json()) as { token: string }).token;
  };
  const shares = {
    summary: await share({ kind: 'summary' }),
    recording: await share({ kind: 'recording', targetId: entryId }),
    clip: await share({ kind: 'clip', targetId: clipId }),
  };
  const cookies = await request.storageState();

  const screens: {
    name: string;
    path: string;
    signedIn?: boolean;
    ready: (page: Page) => Promise<void>;
    after?: (page: Page) => Promise<void>;
  }[] = [
    {
      name: 'participate-welcome',
      path: `/participate/${analysisId}`,
      ready: (p) => expect(p.getByTestId('participate-welcome')).toBeVisible({ timeout: 15_000 }),
    },
    {
      name: 'dashboard',
      path: '/dashboard',
      signedIn: true,
      ready: (p) => expect(p.getByRole('table').first()).toBeVisible({ timeout: 15_000 }),
    },
    // The analysis page, one shot per tab (issue 45).
    ...(['summary', 'participants', 'results', 'notes', 'share'] as const).map((tab) => ({
      name: `analysis-${tab}`,
      path: `/analysis/${analysisId}${tab === 'summary' ? '' : `?tab=${tab}`}`,
      signedIn: true,
      ready: async (p: Page) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
        await expect(p.getByRole('tabpanel')).toBeVisible();
      },
    })),
    {
      name: 'player-notes',
      path: `/entry/${entryId}`,
      signedIn: true,
      ready: (p) => expect(p.getByRole('tablist')).toBeVisible({ timeout: 30_000 }),
    },
    {
      name: 'player-cinema',
      path: `/entry/${entryId}`,
      signedIn: true,
      ready: (p) => expect(p.getByRole('button', { name: 'Modo cine' })).toBeVisible({ timeout: 30_000 }),
      after: async (p) => {
        const cinema = p.getByRole('button', { name: 'Modo cine' });
        if ((await cinema.getAttribute('aria-pressed')) !== 'true') await cinema.click();
        await p.waitForTimeout(400);
      },
    },
    {
      name: 'share-summary',
      path: `/s/${shares.summary}`,
      ready: (p) => expect(p.getByTestId('shared-view')).toBeVisible({ timeout: 15_000 }),
    },
    {
      name: 'share-recording',
      path: `/s/${shares.recording}`,
      ready: (p) => expect(p.getByTestId('shared-player')).toBeVisible({ timeout: 15_000 }),
    },
    {
      name: 'share-clip',
      path: `/s/${shares.clip}`,
      ready: (p) => expect(p.getByTestId('shared-player')).toBeVisible({ timeout: 15_000 }),
    },
  ];

  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      for (const screen of screens) {
        const context = await browser.newContext({
          baseURL,
          locale: 'es-ES',
          colorScheme: theme,
          viewport: { width: viewport.width, height: viewport.height },
          storageState: screen.signedIn ? cookies : undefined,
        });
        const page = await context.newPage();
        await page.goto(screen.path);
        await screen.ready(page);
        await screen.after?.(page);
        await page.screenshot({
          path: `${OUT}${screen.name}-${viewport.label}-${theme}.png`,
          fullPage: screen.name !== 'player-cinema',
        });
        await context.close();
      }
    }
  }
});

type Viewport = (typeof VIEWPORTS)[number];
type Theme = (typeof THEMES)[number];
type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** One screenshot, `name-viewport-theme.png`, of what `open` shows in a fresh context. */
async function shoot(
  browser: Browser,
  options: { baseURL: string | undefined; storageState?: StorageState },
  name: string,
  viewport: Viewport,
  theme: Theme,
  open: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    locale: 'es-ES',
    colorScheme: theme,
    viewport: { width: viewport.width, height: viewport.height },
    storageState: options.storageState,
  });
  const shot = await context.newPage();
  await open(shot);
  await shot.screenshot({ path: `${OUT}${name}-${viewport.label}-${theme}.png`, fullPage: true });
  await context.close();
}

/** A researcher's one-task analysis of the shop with `study`'s screener and questions. */
async function shopStudy(request: APIRequestContext, places: number, study: Record<string, unknown>) {
  const analysisId = await researcherWithAnalysis(request, places);
  await expectOk(
    await request.patch(`/api/v1/analysis/${analysisId}`, {
      data: {
        name: 'Tienda online: compra de zapatillas',
        url: 'example.com',
        maxNumberOfParticipants: places,
        scenario: 'Buscas unas zapatillas para correr.',
        tasks: [{ taskType: 'text', taskContent: 'Busca unas zapatillas de tu talla' }],
        device: 'computer',
        ...study,
      },
    }),
  );
  return analysisId;
}

// ---------- The question builder (issue 45) ----------
// The analysis form's 'Opciones avanzadas' with a screener (one option disqualifying), a choice
// and a scale before the tasks and an open question after them; the screener's preview open.
test('the question builder', async ({ browser, request, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const analysisId = await shopStudy(request, 5, {
    screener: {
      questions: [
        {
          text: '¿Compras por internet al menos una vez al mes?',
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
        { text: '¿Con qué frecuencia haces deporte?', type: 'single', options: ['Nunca', 'A veces', 'A menudo'] },
        { text: '¿Cuánto te fías de las tiendas online?', type: 'scale', scale: 5 },
      ],
      post: [{ text: '¿Qué cambiarías de la tienda?', type: 'text' }],
    },
  });
  const signedIn = { baseURL, storageState: await request.storageState() };
  for (const viewport of VIEWPORTS)
    for (const theme of THEMES)
      await shoot(browser, signedIn, 'question-builder', viewport, theme, async (page) => {
        await page.goto(`/analysis/${analysisId}`);
        await page.getByRole('button', { name: 'Editar', exact: true }).click({ timeout: 15_000 });
        const screener = page.getByTestId('builder-screener');
        await screener.getByText('Vista previa').click();
        await expect(screener.getByTestId('preview-screener')).toBeVisible();
        await screener.scrollIntoViewIfNeeded();
      });
});

// ---------- A question screen (issue 45) ----------
// The participant's questions before the tasks, as they come after 'Participar' and before any
// permission: a choice, a scale and an open question.
test('a question screen', async ({ browser, request, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const analysisId = await shopStudy(request, 10, {
    questions: {
      pre: [
        { text: '¿Con qué frecuencia haces deporte?', type: 'single', options: ['Nunca', 'A veces', 'A menudo'] },
        { text: '¿Cuánto te fías de las tiendas online?', type: 'scale', scale: 5 },
        { text: '¿Qué esperas encontrar en la tienda?', type: 'text' },
      ],
      post: [],
    },
  });
  for (const viewport of VIEWPORTS)
    for (const theme of THEMES)
      await shoot(browser, { baseURL }, 'question-screen', viewport, theme, async (page) => {
        await page.goto(`/participate/${analysisId}`);
        await page.getByRole('button', { name: 'Participar' }).click({ timeout: 15_000 });
        await expect(page.getByTestId('study-questions')).toBeVisible({ timeout: 15_000 });
        await page.getByRole('group', { name: '¿Con qué frecuencia haces deporte?' }).getByRole('radio').nth(1).check();
      });
});

// ---------- The live view and the player at 390 px (issue 45) ----------
// The live view while a participant records in another page (the fake screen), at both sizes, and
// the recorded player at 390 px as a returning researcher sees it: resumed ('Continúas donde lo
// dejaste') with the participant's camera in its corner.
test('the live view, and the player at 390 px', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(600_000);
  mkdirSync(OUT, { recursive: true });
  const analysisId = await researcherWithAnalysis(request, 10, 'optional');
  const recorded = await submitRecording(baseURL!, analysisId, { camera: true });
  const cookies = await request.storageState();
  const signedIn = { baseURL, storageState: cookies };

  const phone = VIEWPORTS.find((viewport) => viewport.width === 390)!;
  for (const theme of THEMES)
    await shoot(browser, signedIn, 'player-resumed', phone, theme, async (p) => {
      await p.addInitScript((id) => {
        localStorage.setItem('lupa.player.positions', JSON.stringify({ [id]: { ms: 8_000, at: Date.now() } }));
      }, recorded);
      await p.goto(`/entry/${recorded}`);
      await expect(p.getByText(/^Continúas donde lo dejaste/)).toBeVisible({ timeout: 30_000 });
      await expect(p.getByTestId('camera-overlay')).toBeVisible({ timeout: 30_000 });
    });

  // A participant records (this page, the fake screen and microphone) on the first task of a
  // second analysis of the same researcher.
  const created = await request.post('/api/v1/analysis', {
    data: analysisBody({
      name: 'Tienda online: en directo',
      tasks: textTasks('Busca unas zapatillas', 'Añádelas al carrito', 'Paga el pedido'),
    }),
  });
  await expectOk(created);
  const liveAnalysis = ((await created.json()) as { analysisData: { id: string } }).analysisData.id;
  await startAnalysis(page, liveAnalysis);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const live = (await entryOf(liveAnalysis)).id;
  for (const viewport of VIEWPORTS)
    for (const theme of THEMES)
      await shoot(browser, signedIn, 'live', viewport, theme, async (p) => {
        await p.goto(`/entry/${live}`);
        await expect(p.getByRole('heading', { name: 'Participación en directo' })).toBeVisible({ timeout: 20_000 });
        await expect(p.getByTestId('live-participant')).toBeVisible({ timeout: 15_000 });
        await expect
          .poll(() => p.getByTestId('live-video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
          .toBeGreaterThan(1);
      });
});
