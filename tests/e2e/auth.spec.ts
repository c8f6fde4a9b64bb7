// Accounts end to end against the real worker and local D1: register, login (wrong password,
// participant), logout, password reset through the mail outbox (valid, expired, used), password
// change and the revocation of other sessions, the /admin refusal.
import { useColorScheme } from './support/design-checks';
import type { Page } from '@playwright/test';
import { literal, sql } from './support/db';
import {
  PASSWORD,
  clientHeaders,
  customerOnDashboard,
  expect,
  loginViaUi,
  registerViaApi,
  resetLinkFor,
  test,
  uniqueEmail,
  userIdCondition,
} from './support/accounts';

const NEW_PASSWORD = 'otra-clave-nueva-2';

/** No serious or critical axe findings on what `page` shows now. */
async function expectNoSeriousViolations(page: Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('register, then log in and land on /dashboard', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/auth/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  const success = page.getByRole('status').filter({ hasText: 'Usuario creado correctamente' });
  await expect(success).toBeVisible();
  // The next step is a button-styled link named like the login page, readable in both themes.
  const toLogin = success.getByRole('link', { name: 'Iniciar sesión', exact: true });
  await expect(toLogin).toHaveAttribute('href', '/auth/login');
  for (const colorScheme of ['light', 'dark'] as const) {
    await useColorScheme(page, colorScheme);
    await expectNoSeriousViolations(page);
  }
  await toLogin.click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeVisible();

  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('shell-user-email')).toHaveText(email);
});

test('registering the same e-mail twice gives the 409 message', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, email);
  await page.goto('/auth/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('alert')).toHaveText('No ha sido posible crear un usuario con este correo electrónico');
});

test('a wrong password shows the product §8 message', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, email);
  await loginViaUi(page, email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('La combinación de email y contraseña es incorrecta');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a participant gets the yellow participant notice', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, email);
  await sql(`UPDATE users SET role = 'participant' WHERE email_normalized = ${literal(email)}`);

  await loginViaUi(page, email);
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Inicio de sesión de participante');
  await expect(notice).toHaveAttribute('data-tone', 'warning');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('logout goes to / and the dashboard then sends to /auth/login', async ({ page }) => {
  await customerOnDashboard(page);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('password reset through the mailed link, then login with the new password', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, email);

  await page.goto('/auth/recover-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toHaveText('Pronto recibirás un enlace para restablecer tu contraseña');

  await page.goto(await resetLinkFor(email));
  await expect(page.getByLabel('Nueva contraseña', { exact: true })).toBeVisible();
  // The token is read, then taken out of the address bar (and so out of the history).
  await expect(page).toHaveURL(/\/auth\/password-reset$/);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('something-else-3');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();

  await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  const success = page.getByTestId('reset-success');
  await expect(success).toBeVisible();
  await success.getByRole('link', { name: 'Volver a iniciar sesión' }).click();

  await loginViaUi(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('La combinación de email y contraseña es incorrecta');
  await loginViaUi(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an expired reset link shows Enlace inválido', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, email);
  const answer = await request.post('/api/v1/auth/password-reset', { data: { email } });
  expect(answer.status()).toBe(200);
  const link = await resetLinkFor(email);
  await sql(`UPDATE password_resets SET expires_at = 0 WHERE ${userIdCondition(email)}`);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Enlace inválido' })).toBeVisible();
  await expect(
    page.getByText(
      'El enlace para restablecer la contraseña es inválido o ha expirado. Por favor, solicita un nuevo enlace.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute(
    'href',
    '/auth/recover-password',
  );
});

test('a used reset link shows Enlace inválido', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, email);
  await request.post('/api/v1/auth/password-reset', { data: { email } });
  const link = await resetLinkFor(email);
  const token = new URL(link, 'http://x').searchParams.get('passwordResetToken');
  const used = await request.patch('/api/v1/auth/password-reset', {
    data: { passwordResetToken: token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
  });
  expect(used.status(), await used.text()).toBe(200);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Enlace inválido' })).toBeVisible();
});

test('a reset page without a token says so', async ({ page }) => {
  await page.goto('/auth/password-reset');
  await expect(page.getByRole('heading', { name: 'Enlace inválido' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('No password reset token provided');
});

test('after a password change the old password is rejected at login', async ({ page }) => {
  const email = await customerOnDashboard(page);

  await page.getByRole('link', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await page.getByLabel('Contraseña actual', { exact: true }).fill('wrong-current-pass');
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByTestId('profile-failure')).toBeVisible();

  await page.getByLabel('Contraseña actual', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByTestId('profile-success')).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await loginViaUi(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('La combinación de email y contraseña es incorrecta');
  await loginViaUi(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a password change signs out the other browser but not this one', async ({ page, browser, baseURL }) => {
  const email = await customerOnDashboard(page);

  const other = await browser.newContext({ baseURL, locale: 'es-ES', extraHTTPHeaders: clientHeaders() });
  try {
    const otherPage = await other.newPage();
    await loginViaUi(otherPage, email);
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto('/user/profile');
    await page.getByLabel('Contraseña actual', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByTestId('profile-success')).toBeVisible();

    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL(/\/auth\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('shell-user-email')).toHaveText(email);
  } finally {
    await other.close();
  }
});

test('a customer on /admin is refused; without a session /admin sends to login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await customerOnDashboard(page);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-refusal')).toContainText(
    'User is not authorized to view this page - please log in again',
  );
});

test('on a phone the side navigation folds behind an accessible menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await customerOnDashboard(page);

  const menu = page.getByRole('button', { name: 'Abrir menú' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Cambiar contraseña' })).toBeVisible();
  await page.getByRole('link', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
});

test('rate limits count per cf-connecting-ip; the register screen shows the 429 message', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // This context's address has 10 registrations an hour; spend them through the API.
  for (let i = 0; i < 10; i += 1) await registerViaApi(request, uniqueEmail());

  await page.goto('/auth/register');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('alert')).toContainText('Demasiados intentos');

  // Another address is not affected.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
  try {
    await registerViaApi(other.request, uniqueEmail());
  } finally {
    await other.close();
  }
});

test('the account screens have no serious accessibility violations in the states the design sweep does not reach', async ({
  page,
}) => {
  // The sweep (design-system.spec.ts) checks login, register, recover, a valid reset link and the
  // profile as they open; these are a reset page without a token and the login form's errors.
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const check = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await page.goto('/auth/password-reset');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check();
  // Errors shown: login with nothing typed.
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Introduce tu email')).toBeVisible();
  await check();
});
