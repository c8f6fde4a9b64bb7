// The design system's "Done when" (ADR 0007): every route, public, auth, researcher with realistic
// data, billing, admin and each participation step, at 360×740 and at 1366×768, in the light and
// the dark theme, has no horizontal scroll (`document.documentElement.scrollWidth > innerWidth`)
// and no serious or critical axe violation. One test per (route, viewport), titled like
// `dashboard @ 360x740, light and dark`, loads the screen once and checks it in both themes (the
// theme follows `prefers-color-scheme` live); a failure lists, per theme, the elements that stick
// out and the axe rules broken.
//
// The data (support/design-data.ts) is made once per server and shared by the workers; the
// participation test of each viewport walks one participant through the whole flow, checking
// every step on the way.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { clientHeaders, expect, test as base } from './support/accounts';
import { designFindings, useColorScheme } from './support/design-checks';
import { designSeed, participationAnalysis, type Cookies, type DesignSeed } from './support/design-data';
import { card, recordingStatus } from './support/participation';

const test = base.extend<object, { seed: DesignSeed }>({
  seed: [
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? 'http://127.0.0.1:8787';
      await use(await designSeed(baseURL));
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

const VIEWPORTS = [
  { label: '360x740', width: 360, height: 740 },
  { label: '1366x768', width: 1366, height: 768 },
] as const;
const THEMES = ['light', 'dark'] as const;

interface Route {
  name: string;
  /** Who is signed in: nobody, the researcher with the data, or the admin. */
  as?: 'researcher' | 'admin';
  /** Whether the route needs the seeded data (URL, readiness or session). */
  seeded?: boolean;
  path: (seed: DesignSeed) => string;
  /** Waits until the screen shows its real content (not a spinner), and brings it to the state checked. */
  ready: (page: Page, seed: DesignSeed) => Promise<void>;
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const heading = (name: string) => (page: Page) =>
  expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

const ROUTES: Route[] = [
  // Public
  { name: 'landing', path: () => '/', ready: h1 },
  { name: 'home', path: () => '/home', ready: h1 },
  { name: 'terms', path: () => '/terminos-condiciones', ready: h1 },
  { name: 'faq', path: () => '/preguntas-frecuentes', ready: heading('Preguntas frecuentes') },
  {
    name: 'not found',
    path: () => '/esta-pagina-no-existe/ni-esta-tampoco',
    ready: heading('You have found a secret place.'),
  },
  // Auth
  { name: 'login', path: () => '/auth/login', ready: heading('Iniciar sesión') },
  { name: 'register', path: () => '/auth/register', ready: heading('Crear una cuenta') },
  { name: 'recover password', path: () => '/auth/recover-password', ready: heading('Recuperar contraseña') },
  {
    name: 'password reset (valid token)',
    seeded: true,
    path: (seed) => seed.resetPath,
    ready: async (page) => {
      await heading('Restablecer contraseña')(page);
      await expect(page.getByLabel('Nueva contraseña', { exact: true })).toBeVisible();
    },
  },
  // Researcher, with 20 analyses and a main one with participations
  {
    name: 'dashboard (20 analyses)',
    as: 'researcher',
    path: () => '/dashboard',
    ready: async (page, seed) => {
      for (const analysis of [seed.analyses[0]!, seed.analyses[19]!])
        await expect(page.getByText(analysis.name).first()).toBeAttached();
    },
  },
  { name: 'create analysis', as: 'researcher', path: () => '/analysis/create', ready: heading('Crear nuevo análisis') },
  // The analysis page, one screen per tab (issue 45).
  {
    name: 'analysis detail: Resumen',
    as: 'researcher',
    path: (seed) => `/analysis/${seed.main.id}`,
    ready: async (page, seed) => {
      await expect(page.getByText(seed.main.name).first()).toBeVisible();
      await expect(page.getByTestId('study-setup')).toBeVisible();
    },
  },
  {
    name: 'analysis detail: Participantes (with recordings)',
    as: 'researcher',
    path: (seed) => `/analysis/${seed.main.id}?tab=participants`,
    ready: async (page, seed) => {
      await expect(page.getByTestId('participations-table')).toBeVisible();
      for (const id of seed.main.entryIds) await expect(page.getByText(id).first()).toBeAttached();
    },
  },
  {
    name: 'analysis detail: Resultados',
    as: 'researcher',
    path: (seed) => `/analysis/${seed.main.id}?tab=results`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Resumen de las grabaciones' })).toBeVisible();
    },
  },
  {
    name: 'analysis detail: Notas y clips',
    as: 'researcher',
    path: (seed) => `/analysis/${seed.main.id}?tab=notes`,
    ready: async (page) => {
      await expect(page.getByTestId('analysis-notes')).toBeVisible();
    },
  },
  {
    name: 'analysis detail: Compartir',
    as: 'researcher',
    path: (seed) => `/analysis/${seed.main.id}?tab=share`,
    ready: async (page) => {
      await expect(page.getByTestId('analysis-shares')).toBeVisible();
    },
  },
  {
    name: 'analysis edit form',
    as: 'researcher',
    path: (seed) => `/analysis/${seed.main.id}`,
    ready: async (page, seed) => {
      await expect(page.getByText(seed.main.name).first()).toBeVisible();
      await page.getByRole('button', { name: 'Editar', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
    },
  },
  {
    // The question builder (issue 45): a question in the screener and one before the tasks, a
    // choice with its option rows and 'Descalifica' switches, and the previews open.
    name: 'analysis edit form: question builder',
    as: 'researcher',
    path: (seed) => `/analysis/${seed.main.id}`,
    ready: async (page, seed) => {
      await expect(page.getByText(seed.main.name).first()).toBeVisible();
      await page.getByRole('button', { name: 'Editar', exact: true }).click();
      const advanced = page.getByTestId('advanced-options');
      if (!(await advanced.getAttribute('open'))) await advanced.getByText('Opciones avanzadas').click();
      for (const phase of ['screener', 'pre'] as const) {
        const builder = page.getByTestId(`builder-${phase}`);
        if ((await builder.getByLabel('Enunciado', { exact: true }).count()) === 0)
          await builder.getByRole('button', { name: 'Añadir pregunta' }).click();
        await builder
          .getByLabel('Enunciado', { exact: true })
          .first()
          .fill('¿Con qué frecuencia compras por internet?');
        await builder.getByLabel('Tipo').first().selectOption('single');
        await builder.getByRole('textbox', { name: 'Opción 1' }).first().fill('Cada semana');
        await builder.getByRole('textbox', { name: 'Opción 2' }).first().fill('Casi nunca');
        await builder.getByText('Vista previa').click();
        await expect(builder.getByTestId(`preview-${phase}`)).toBeVisible();
      }
    },
  },
  {
    name: 'entry (recording with notes)',
    as: 'researcher',
    path: (seed) => `/entry/${seed.main.entryIds[0]}`,
    ready: async (page, seed) => {
      await expect(page.getByTestId('entry-video')).toBeAttached();
      for (const note of seed.main.notes)
        await expect(page.getByTestId('entry-notes').getByText(note).first()).toBeVisible();
    },
  },
  { name: 'change password', as: 'researcher', path: () => '/user/profile', ready: heading('Cambiar contraseña') },
  {
    name: 'team (members and invitations)',
    as: 'researcher',
    path: () => '/team',
    ready: async (page, seed) => {
      await heading('Equipo')(page);
      await expect(page.getByTestId('team-invitations')).toBeVisible();
      await expect(page.getByText(seed.adminUserEmails[0]!).first()).toBeAttached();
    },
  },
  {
    name: 'team (activity)',
    as: 'researcher',
    path: () => '/team',
    ready: async (page) => {
      await heading('Equipo')(page);
      await page.getByRole('tab', { name: 'Actividad' }).click();
      await expect(page.getByTestId('team-activity')).toBeVisible();
    },
  },
  {
    name: 'invitation (signed out)',
    seeded: true,
    path: (seed) => seed.invitePath,
    ready: async (page) => {
      await heading('Invitación a un equipo')(page);
      await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    },
  },
  {
    name: 'billing (subscribed)',
    as: 'researcher',
    path: () => '/user/billing',
    ready: async (page) => {
      await expect(page.getByText('Suscripción Mensual').first()).toBeVisible();
      await expect(page.getByText('Historial de facturas').first()).toBeVisible();
    },
  },
  {
    name: 'local checkout',
    as: 'researcher',
    path: (seed) => `/billing/checkout/${seed.checkoutSessionId}`,
    ready: async (page) => {
      await heading('Pago de la suscripción')(page);
      await expect(page.getByText('€29', { exact: false }).first()).toBeVisible();
    },
  },
  {
    name: 'local portal',
    as: 'researcher',
    path: () => '/billing/portal',
    ready: async (page) => {
      await heading('Portal del cliente')(page);
      await expect(page.getByText('Activa', { exact: true }).first()).toBeVisible();
    },
  },
  // Admin, with 20 users and 20 waitlist sign-ups with long e-mails
  {
    name: 'admin users (20 long e-mails)',
    as: 'admin',
    path: (seed) => `/admin?q=${encodeURIComponent(seed.adminSearch)}`,
    ready: async (page, seed) => {
      for (const email of seed.adminUserEmails) await expect(page.getByText(email).first()).toBeAttached();
    },
  },
  {
    name: 'admin waitlist',
    as: 'admin',
    path: () => '/admin/waitlist',
    ready: async (page, seed) => {
      for (const email of seed.waitlistEmails) await expect(page.getByText(email).first()).toBeAttached();
    },
  },
  {
    name: 'admin workspaces (with members)',
    as: 'admin',
    path: (seed) => `/admin/workspaces?q=${encodeURIComponent(seed.adminSearch)}`,
    ready: async (page) => {
      await heading('Equipos')(page);
      await expect(page.getByTestId('workspace-row').first()).toBeVisible();
      // Its members open, so the list inside is checked too.
      await page.locator('.admin-workspaces__members summary').first().click();
    },
  },
];

async function signIn(page: Page, cookies: Cookies) {
  await page.context().addCookies(cookies);
}

/** Opens `path` and waits for the app to have started (prerendered pages show before it has). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-interactive]')).toBeAttached({ timeout: 20_000 });
}

/**
 * Lets late requests (a summary, a list refetch) land before measuring: up to 5 s of waiting for
 * the network to go quiet, which a page that keeps streaming (the entry's video) may never do.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

// ---- Participation: one participant walked through every step -----------------------------------

/** A fresh analysis of the host researcher (a participation uses up a place), with long content. */
async function hostAnalysis(seed: DesignSeed): Promise<string> {
  const host = await playwrightRequest.newContext({
    baseURL: seed.baseURL,
    extraHTTPHeaders: clientHeaders(),
    storageState: { cookies: seed.host.cookies, origins: [] },
  });
  try {
    const created = await host.post('/api/v1/analysis', { data: participationAnalysis(Date.now()) });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { analysisData: { id: string } }).analysisData.id;
  } finally {
    await host.dispose();
  }
}

/**
 * The success dialog closes itself after 3 s, less than two axe runs can take on a loaded machine:
 * once `window.__lupaHoldSuccess` is set, that one 3-second timer is held back.
 */
async function holdSuccessDialog(page: Page) {
  await page.addInitScript(() => {
    const original = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      if (timeout === 3000 && (window as unknown as { __lupaHoldSuccess?: boolean }).__lupaHoldSuccess) return 0;
      return original(handler, timeout, ...args);
    }) as typeof window.setTimeout;
  });
}

/**
 * Walks one participant through the whole flow and checks each step as it is shown, in both
 * themes: the input, the permissions after validation and once granted, the consent dialog, every
 * step of the analysis while recording, and the success dialog. Returns one line per finding,
 * named after the step and the theme.
 */
async function participateThroughEveryStep(page: Page, seed: DesignSeed): Promise<string[]> {
  const findings: string[] = [];
  const check = async (step: string) =>
    findings.push(...(await findingsInBothThemes(page)).map((line) => `${step}: ${line}`));
  const analysisId = await hostAnalysis(seed);
  await holdSuccessDialog(page);
  await open(page, `/participate/${analysisId}`);
  await expect(page.getByLabel('ID de Análisis')).toHaveValue(analysisId);
  await check('input');

  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toBeVisible({ timeout: 15_000 });
  await check('permissions (after validation)');

  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
  await check('permissions granted');

  await page.getByRole('button', { name: 'Siguiente' }).click();
  const consent = page.getByRole('dialog', { name: 'Confirmación de Seguridad' });
  await expect(consent).toBeVisible();
  await check('consent dialog');

  await consent.getByRole('button', { name: 'Aceptar y Continuar' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible({ timeout: 20_000 });
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Step ${n} of 5`)).toBeVisible();
    await check(`recording, step ${n} of 5`);
    if (n < 5) await page.getByRole('button', { name: 'Siguiente' }).click();
  }

  await page.evaluate(() => Object.assign(window, { __lupaHoldSuccess: true }));
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
  await check('success');
  return findings;
}

// ---- The sweep ----------------------------------------------------------------------------------

/**
 * The findings on what the page shows now in the light theme, then in the dark one. The theme is
 * the system's `prefers-color-scheme` (tokens.css), which a page follows as it changes, so one
 * page load serves both: a screen is loaded and brought to its state once, not once per theme.
 */
async function findingsInBothThemes(page: Page): Promise<string[]> {
  const findings: string[] = [];
  for (const theme of THEMES) {
    await useColorScheme(page, theme);
    findings.push(...(await designFindings(page, test.info())).map((line) => `${theme}: ${line}`));
  }
  await useColorScheme(page, 'light');
  return findings;
}

async function expectNoFindings(page: Page) {
  expect(await findingsInBothThemes(page), 'no horizontal scroll and no serious or critical axe violation').toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(viewport.label, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: 'light' });

    for (const route of ROUTES) {
      const title = `${route.name} @ ${viewport.label}, light and dark`;
      if (!route.as && !route.seeded) {
        test(title, async ({ page }) => {
          await open(page, route.path(undefined as unknown as DesignSeed));
          await route.ready(page, undefined as unknown as DesignSeed);
          await settle(page);
          await expectNoFindings(page);
        });
        continue;
      }
      test(title, async ({ page, seed }) => {
        if (route.as) await signIn(page, seed[route.as].cookies);
        await open(page, route.path(seed));
        await route.ready(page, seed);
        await settle(page);
        await expectNoFindings(page);
      });
    }

    test(`participate: every step @ ${viewport.label}, light and dark`, async ({ page, seed }) => {
      test.setTimeout(240_000);
      const findings = await participateThroughEveryStep(page, seed);
      expect(findings, 'no horizontal scroll and no serious or critical axe violation').toEqual([]);
    });
  });
}
