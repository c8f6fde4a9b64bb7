// The researcher area's layout with realistic data against the real worker: 20 analyses with long
// titles and URLs, one of them with 20 submitted recordings (32-character ids) and one still in
// progress. At 360x740 and 1366x768, light and dark, the dashboard and the analysis detail never
// scroll sideways and axe finds nothing serious; the side navigation has 'Facturación' and keeps
// Dashboard current on /analysis/<id>; 'Ir al análisis' opens the new analysis at once.
// LUPA_SHOTS=<dir> also saves full-page screenshots of each screen for a visual check.
import { useColorScheme } from './support/design-checks';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { asParticipant, uploadRecording } from './support/recording';
import { customerOnDashboard, expect, grantSubscription, loginViaApi, registerViaApi, test } from './support/accounts';
import { expectAccessible } from './support/participation';

const SIZES = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
] as const;
const THEMES = ['light', 'dark'] as const;
const LONG_URL =
  'https://www.tienda-de-ejemplo-con-un-nombre-largo.example.com/es/categorias/electrodomesticos/checkout/paso-3?utm_source=newsletter&utm_campaign=primavera';

async function createAnalysis(request: APIRequestContext, name: string, url: string, places: number): Promise<string> {
  const created = await request.post('/api/v1/analysis', {
    data: {
      name,
      url,
      maxNumberOfParticipants: places,
      scenario: 'Eres un cliente nuevo de la tienda y quieres comprar un regalo antes del viernes.',
      tasks: [
        { taskType: 'text', taskContent: 'Busca un producto por debajo de 50 € y añádelo al carrito' },
        { taskType: 'text', taskContent: 'Completa el pago con envío internacional' },
      ],
      device: 'computer',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { analysisData: { id: string } }).analysisData.id;
}

/** A participant joins and, unless `submit` is false, uploads and submits a short recording. */
async function participate(baseURL: string, analysisId: string, submit = true) {
  await asParticipant(baseURL, analysisId, async (participant, entryId) => {
    if (submit) {
      await uploadRecording(participant, entryId, Buffer.from('bytes of a recording, enough for the layout'), {
        chunks: 1,
        durationMs: 61_000,
        steps: [
          { index: 0, atMs: 0 },
          { index: 1, atMs: 20_000 },
          { index: 2, atMs: 45_000 },
        ],
      });
    }
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, sticking } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The outermost elements past the right edge, to say what to fix when this fails.
    sticking: Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter(
        (element) =>
          !(element.parentElement && element.parentElement.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 5)
      .map((element) => `${element.outerHTML.slice(0, 120)} (${Math.round(element.getBoundingClientRect().right)})`),
  }));
  expect(
    scrollWidth,
    `${where}: scrollWidth ${scrollWidth} > innerWidth ${innerWidth}: ${sticking.join(' | ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

async function shot(page: Page, name: string) {
  const dir = process.env.LUPA_SHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

test('dashboard and analysis detail fit 360 px and 1366 px, light and dark, with long data', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = `investigadora.con.un.correo.largo.${Date.now()}@empresa-de-ejemplo.example.com`;
  await registerViaApi(page.request, email);
  await grantSubscription(email);
  await loginViaApi(page.request, email);

  // 19 plain analyses with long titles and URLs (one title without spaces), then the one with recordings.
  for (let i = 1; i <= 19; i++) {
    const name =
      i === 7
        ? `Experimento-sin-espacios-del-proceso-de-compra-${'0123456789abcdef'.repeat(2)}`
        : `Estudio de usabilidad del proceso de compra con pago aplazado y envío internacional #${String(i).padStart(2, '0')}`;
    await createAnalysis(page.request, name, i % 2 ? LONG_URL : `www.example.com/${i}`, 5);
  }
  const analysisId = await createAnalysis(
    page.request,
    'Estudio de usabilidad del proceso de compra con veinte grabaciones y un título bastante largo',
    LONG_URL,
    25,
  );
  for (let i = 0; i < 20; i++) await participate(baseURL!, analysisId);
  await participate(baseURL!, analysisId, false);

  for (const theme of THEMES) {
    await useColorScheme(page, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const tag = `${size.width}-${theme}`;

      await page.goto('/dashboard');
      await expect(page.getByTestId('analysis-row')).toHaveCount(20);
      await expectNoSidewaysScroll(page, `dashboard ${tag}`);
      await expectAccessible(page);
      await shot(page, `dashboard-${tag}`);

      await page.goto(`/analysis/${analysisId}?tab=participants`);
      // One table of participations (21 rows and the header), newest first; no second list below it.
      const participations = page.getByTestId('participations-table');
      await expect(participations.getByRole('row')).toHaveCount(22);
      await expect(participations.getByTestId('participant-name').last()).toHaveText('Participante 1');
      await expect(participations.getByTestId('participant-name').first()).toHaveText('Participante 21');
      await expect(page.getByRole('table')).toHaveCount(1); // the time per task is in 'Resultados'
      await expectNoSidewaysScroll(page, `detail ${tag}`);
      await expectAccessible(page);
      await shot(page, `detail-${tag}`);
    }
  }

  // The navigation: 'Facturación' to /user/billing, and the Dashboard still current on the detail.
  await useColorScheme(page, 'light');
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = page.getByRole('navigation', { name: 'Tu cuenta' });
  await expect(nav.getByRole('link', { name: 'Facturación' })).toHaveAttribute('href', '/user/billing');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Facturación' })).not.toHaveAttribute('aria-current', 'page');

  // On a phone the header is one row: logo, language and menu button share a line.
  await page.setViewportSize({ width: 360, height: 740 });
  const header = page.getByRole('banner');
  const box = await header.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(72);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav).toContainText(email);
  await expectNoSidewaysScroll(page, 'open menu 360');
  await shot(page, 'menu-360-light');

  // The URL tooltip (the whole URL) stays inside the window.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/dashboard');
  const firstUrl = page
    .getByTestId('analysis-row')
    .first()
    .getByRole('link', { name: /^https:/ });
  await firstUrl.hover();
  const tip = page.getByRole('tooltip').filter({ hasText: /^https:/ });
  await expect(tip).toBeVisible();
  const tipBox = await tip.boundingBox();
  expect((tipBox?.x ?? 0) + (tipBox?.width ?? 0)).toBeLessThanOrEqual(1366);
});

test("'Ir al análisis' opens the new analysis before the countdown ends", async ({ page }) => {
  await customerOnDashboard(page, { subscribed: true });
  await page.goto('/analysis/create');
  await page.getByLabel('Nombre del análisis').fill('Directo al análisis');
  await page.getByLabel('URL', { exact: true }).fill('example.com');
  await page.getByLabel('Tarea 1').fill('Mira la portada');
  await page.getByRole('button', { name: 'Crear análisis' }).click();

  const modal = page.getByRole('dialog', { name: 'Éxito' });
  await expect(modal).toContainText('Redirigiendo en 5 segundos...');
  const go = modal.getByRole('button', { name: 'Ir al análisis' });
  await expect(go).toBeFocused();
  await go.click();
  await expect(page).toHaveURL(/\/analysis\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Directo al análisis');
  await expect(modal).toHaveCount(0);
  // The countdown does not take the user away afterwards.
  await page.waitForTimeout(5_500);
  await expect(page).toHaveURL(/\/analysis\/[^/]+$/);
});

test('the disabled create button explains itself in a tooltip that stays inside a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await customerOnDashboard(page);
  const create = page.getByRole('button', { name: 'Crear nuevo análisis' });
  await create.focus();
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  const box = await tip.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await expectNoSidewaysScroll(page, 'tooltip 360');
});
