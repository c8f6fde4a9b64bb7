// The account screens' layout beyond the design sweep's two checks (design-system.spec.ts already
// loads the admin users and waitlist, login, register, profile and a subscribed billing page at both
// sizes in both themes): the admin users table turns into cards on a phone whose long e-mails wrap
// across the card instead of being squeezed one word per line, with actions that stay on the card;
// the role dialog fits a phone in both themes and gives focus back; a laptop gets the table; and the
// billing page and the portal of a customer who has not subscribed fit a phone and a laptop in
// both themes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginViaApi, registerViaApi, test, uniqueEmail } from './support/accounts';
import { useColorScheme } from './support/design-checks';
import { designSeed } from './support/design-data';

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
    await useColorScheme(page, colorScheme);
    await expectNoSideScroll(page, `${what} (${colorScheme})`);
    await expectAccessible(page, `${what} (${colorScheme})`);
  }
  await useColorScheme(page, 'light');
}

test('the admin users table with 20 long e-mails: cards on a phone whose e-mails span the card, and a table on a laptop', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The sweep's admin and its 20 users with long addresses (made once per server).
  const seed = await designSeed(baseURL!);
  await page.context().addCookies(seed.admin.cookies);
  await page.setViewportSize(PHONE);
  await page.goto(`/admin?q=${encodeURIComponent(seed.adminSearch)}`);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(20, { timeout: 20_000 });

  // A card per user: the e-mail spans the card (a few lines at most), not one word per line.
  const address = seed.adminUserEmails[0]!;
  const first = rows.filter({ hasText: address });
  const card = (await first.boundingBox())!;
  const email = (await first.getByTestId('user-email').boundingBox())!;
  expect(email.width).toBeGreaterThan(card.width * 0.7);
  expect(email.height).toBeLessThan(6 * 24);
  // The actions stay on the card, usable and named after the user.
  const edit = first.getByRole('button', { name: `Editar ${address}` });
  await expect(edit).toBeVisible();
  const button = (await edit.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);

  // The role dialog fits the phone too, in both themes, and Escape gives focus back.
  await edit.click();
  await expect(page.getByRole('dialog', { name: 'Cambiar rol' })).toBeVisible();
  await expectFitsInBothThemes(page, 'role dialog at 360');
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();

  await page.setViewportSize(LAPTOP);
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expectNoSideScroll(page, 'admin users at 1366');
});

test('the billing page and the portal of a customer who has not subscribed fit a phone and a laptop in both themes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail();
  await registerViaApi(request, email);
  // Signed in through the page's own request context, so the browser has the session cookie.
  await loginViaApi(page.request, email);
  await page.goto('/user/billing');
  await expect(page.getByRole('button', { name: 'Elegir Mensual' })).toBeVisible();
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await expectFitsInBothThemes(page, `billing at ${size.width}`);
  }
  await page.goto('/billing/portal');
  await expect(page.getByText('No tienes ninguna suscripción activa.')).toBeVisible();
  await expect(page.getByText('Aún no hay facturas.')).toBeVisible();
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await expectFitsInBothThemes(page, `portal at ${size.width}`);
  }
});
