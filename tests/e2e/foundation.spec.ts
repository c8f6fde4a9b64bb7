// Foundation: the public header and the not-found page in Spanish and English, one origin for all.
import { expect, test } from './support/accounts';
import { openPage } from './support/pages';

test('the public header shows the product §2 links and buttons in Spanish', async ({ page }) => {
  await openPage(page, '/home');
  const header = page.getByRole('banner');
  for (const name of ['Home', 'Terms', 'FAQ'])
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/auth/login');
  await expect(header.getByRole('link', { name: 'Registrate gratis' })).toHaveAttribute('href', '/auth/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('the language switch turns the header English and is remembered', async ({ page }) => {
  await openPage(page, '/home');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign up free' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

for (const lang of ['es', 'en'] as const) {
  test(`unknown pages show the not-found screen (${lang})`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('lupa.lang', l), lang);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'You have found a secret place.' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByRole('link', { name: 'Take me back to home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('the API and the app share one origin', async ({ page, baseURL }) => {
  await page.goto('/');
  const health = await page.evaluate(async () => (await fetch('/api/v1/health')).json());
  expect(health.ok).toBe(true);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
});

test('the participation page is public and prefills the analysis id from the link', async ({ page }) => {
  await page.goto('/participate/abc123');
  await expect(page.getByLabel('ID de Análisis')).toHaveValue('abc123');
  await expect(page.getByRole('button', { name: 'Participar' })).toBeVisible();
});

test('form pages run within the CSP: the browser reports no policy violation', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const violations: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  for (const path of ['/auth/login', '/auth/register', '/auth/recover-password']) {
    await page.goto(path);
    // Submitting empty runs the schema (zod) and shows product §5's messages.
    await page.locator('form button[type="submit"]').first().click();
    await expect(page.locator('.field__error').first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
