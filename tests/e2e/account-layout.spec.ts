// The account screens (admin, auth, profile, billing) with realistic data at a phone's 360×740 and a
// laptop's 1366×768, in the light and the dark theme: the page never scrolls sideways, axe finds
// nothing serious, and the admin users table turns into cards whose long e-mails wrap across the
// card instead of being squeezed one word per line.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { literal, sql } from './support/db';
import { PASSWORD, clientHeaders, expect, loginViaUi, registerViaApi, test, uniqueEmail } from './support/accounts';

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
const THEMES = ['light', 'dark'] as const;

/** No serious or critical axe findings on what `page` shows now. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoSideScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Both checks in both themes, at the page's current size. */
async function expectFitsInBothThemes(page: Page, what: string) {
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme });
    await expectNoSideScroll(page, `${what} (${colorScheme})`);
    await expectAccessible(page, `${what} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the admin users table with 20 long e-mails fits a phone and a laptop in both themes', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = uniqueEmail();
  await registerViaApi(request, admin);
  await sql(`UPDATE users SET role = 'admin' WHERE email_normalized = ${literal(admin)}`);

  // 20 customers whose addresses are much wider than a phone; each from its own client address,
  // since registration is rate-limited per address.
  const tag = `layout${Date.now().toString(36)}`;
  const emails = Array.from(
    { length: 20 },
    (_, i) => `${tag}-${i}-investigadora.principal.de.usabilidad@departamento-de-experiencia-de-usuario.example.com`,
  );
  for (const email of emails) {
    const response = await request.post('/api/v1/auth/register/local/customer', {
      data: { username: email, password: PASSWORD, role: 'customer' },
      headers: clientHeaders(),
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.setViewportSize(PHONE);
  await loginViaUi(page, admin);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  await page.getByRole('searchbox', { name: 'Buscar por e-mail' }).fill(tag);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(20, { timeout: 20_000 });
  await expectFitsInBothThemes(page, 'admin users at 360');

  // A card per user: the e-mail spans the card (a few lines at most), not one word per line.
  const first = rows.filter({ hasText: `${tag}-0-` });
  const card = (await first.boundingBox())!;
  const email = (await first.getByTestId('user-email').boundingBox())!;
  expect(email.width).toBeGreaterThan(card.width * 0.7);
  expect(email.height).toBeLessThan(6 * 24);
  // The actions stay on the card, usable and named after the user.
  const edit = first.getByRole('button', { name: `Editar ${emails[0]}` });
  await expect(edit).toBeVisible();
  const button = (await edit.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);

  // The role dialog fits the phone too, in both themes.
  await edit.click();
  await expect(page.getByRole('dialog', { name: 'Cambiar rol' })).toBeVisible();
  await expectFitsInBothThemes(page, 'role dialog at 360');
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();

  await page.setViewportSize(LAPTOP);
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expectFitsInBothThemes(page, 'admin users at 1366');

  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Lista de espera' }).click();
  await expect(page.getByRole('heading', { name: 'Lista de espera', level: 1 })).toBeVisible();
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await expectFitsInBothThemes(page, `waitlist at ${size.width}`);
  }
});

test('login, register, profile and billing fit a phone and a laptop in both themes', async ({ page, request }) => {
  test.setTimeout(180_000);
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeVisible();
    await expectFitsInBothThemes(page, `login at ${size.width}`);
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { name: 'Crear una cuenta', level: 1 })).toBeVisible();
    await expectFitsInBothThemes(page, `register at ${size.width}`);
  }

  const email = uniqueEmail();
  await registerViaApi(request, email);
  await page.setViewportSize(PHONE);
  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { name: 'Cambiar contraseña', level: 1 })).toBeVisible();
    await expectFitsInBothThemes(page, `profile at ${size.width}`);
    await page.goto('/user/billing');
    await expect(page.getByRole('button', { name: 'Elegir Mensual' })).toBeVisible();
    await expectFitsInBothThemes(page, `billing at ${size.width}`);
  }
});
