// The admin area end to end against the real worker, local D1 and R2: an admin logs in and lands on
// /admin, searches the users table, changes a customer's role and back, deletes a customer together
// with their analysis and recording; a customer is refused; the waitlist tab lists a sign-up and
// exports it as CSV.
import { readFile } from 'node:fs/promises';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { literal, sql } from './support/db';
import { expectAccessible } from './support/participation';
import { asParticipant, uploadRecording } from './support/recording';
import {
  clientHeaders,
  expect,
  grantSubscription,
  loginViaApi,
  loginViaUi,
  registerViaApi,
  test,
  uniqueEmail,
} from './support/accounts';
// @ts-expect-error: a plain ES module shared with the API tests (no type declarations).
import { r2Object } from '../api/recording.mjs';

const REFUSAL = 'User is not authorized to view this page - please log in again';

const normalized = (email: string) => literal(email.trim().toLowerCase());

async function roleOf(email: string): Promise<string | undefined> {
  const rows = await sql(`SELECT role FROM users WHERE email_normalized = ${normalized(email)}`);
  return rows[0]?.role as string | undefined;
}

/** Registers a customer through the API and promotes it to admin in D1. */
async function createAdmin(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail();
  await registerViaApi(request, email);
  await sql(`UPDATE users SET role = 'admin' WHERE email_normalized = ${normalized(email)}`);
  return email;
}

/** Logs `email` in through /auth/login and waits for the admin users table. */
async function loginAsAdmin(page: Page, email: string) {
  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Administración', level: 1 })).toBeVisible();
}

/** Types into the search box and waits until the table shows only `email`. */
async function searchFor(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Buscar por e-mail' }).fill(email);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  // Starts with the e-mail; the signed-in admin's own row adds '(tú)'.
  await expect(rows.getByTestId('user-email')).toContainText(email);
  return rows.first();
}

/** Whether the local R2 bucket holds `key` (read from workerd's own store, `tests/api/recording.mjs`). */
async function r2Has(key: string): Promise<boolean> {
  return r2Object(key) !== null;
}

async function expectOk(response: { ok(): boolean; status(): number; text(): Promise<string> }) {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
}

/**
 * Gives `email` a subscription, creates an analysis as that customer, and submits one recorded
 * participation from a separate client (whose participant cookie the context keeps).
 */
async function analysisWithRecording(baseURL: string, email: string) {
  const owner = await grantSubscription(email);
  const now = Date.now();

  const customer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
  try {
    await loginViaApi(customer, email);
    const created = await customer.post('/api/v1/analysis', {
      data: {
        name: `Estudio admin e2e ${now}`,
        url: 'https://example.com',
        maxNumberOfParticipants: 5,
        scenario: 'null',
        tasks: [{ taskType: 'text', taskContent: 'Busca la página de contacto' }],
        device: 'computer',
      },
    });
    await expectOk(created);
    const analysisId = ((await created.json()) as { analysisData: { id: string } }).analysisData.id;

    const entryId = await asParticipant(baseURL, analysisId, async (participant, entryId) => {
      await uploadRecording(participant, entryId, Buffer.from('not really a video, but bytes all the same'), {
        chunks: 2,
      });
    });
    return {
      owner,
      analysisId,
      entryId,
      recordingKey: `analyses/${analysisId}/entries/${entryId}/segments/1/screen.mp4`,
    };
  } finally {
    await customer.dispose();
  }
}

test('an admin lands on /admin, finds a customer and makes them admin and back', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await createAdmin(request);
  const customer = uniqueEmail();
  await registerViaApi(request, customer);

  await loginAsAdmin(page, admin);
  const table = page.getByRole('table', { name: 'Usuarios de Lupa' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'ID',
    'Rol',
    'Email',
    'Último acceso',
    'Creado',
    'Acciones',
  ]);
  await expectAccessible(page);
  // The admin's own row (just logged in, so it has a last login) is marked.
  await searchFor(page, admin);
  await expect(page.getByTestId('user-row').getByTestId('user-email')).toContainText('(tú)');

  let row = await searchFor(page, customer);
  await expect(row).toHaveAttribute('data-role', 'customer');
  await expect(row).toContainText('Cliente');
  await expect(row).toContainText('Nunca');
  await expect(page).toHaveURL(/[?&]q=/);

  // customer → admin
  const edit = row.getByRole('button', { name: `Editar ${customer}` });
  await edit.click();
  let dialog = page.getByRole('dialog', { name: 'Cambiar rol' });
  await expect(dialog).toContainText(customer);
  const select = dialog.getByRole('combobox', { name: 'Rol' });
  await expect(select).toBeFocused();
  await select.selectOption('admin');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  row = page.getByTestId('user-row');
  await expect(row).toHaveAttribute('data-role', 'admin');
  await expect(row).toContainText('Administrador');
  await expect(page.getByTestId('admin-notice')).toHaveText(`${customer} ahora es Administrador.`);
  await expect(edit).toBeFocused();
  expect(await roleOf(customer)).toBe('admin');

  // admin → customer, this time with the keyboard only.
  await edit.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Cambiar rol' });
  await expect(select).toBeFocused();
  await select.selectOption('customer');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(row).toHaveAttribute('data-role', 'customer');
  await expect(row).toContainText('Cliente');
  expect(await roleOf(customer)).toBe('customer');

  // Escape closes the dialog without a change and gives focus back.
  await edit.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});

test("deleting a customer removes their analyses and their participants' recordings", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await createAdmin(request);
  const customer = uniqueEmail();
  await registerViaApi(request, customer);
  const { owner, recordingKey } = await analysisWithRecording(baseURL ?? '', customer);
  expect(await r2Has(recordingKey)).toBe(true);
  expect((await sql(`SELECT COUNT(*) AS n FROM analyses WHERE owner_id = ${literal(owner)}`))[0]?.n).toBe(1);

  await loginAsAdmin(page, admin);
  const row = await searchFor(page, customer);
  await row.getByRole('button', { name: `Eliminar ${customer}` }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Eliminar usuario' });
  await expect(dialog).toContainText(customer);
  await expect(dialog).toContainText('análisis');
  await expect(dialog).toContainText('grabaciones');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();

  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('user-row')).toHaveCount(0);
  await expect(page.getByTestId('users-empty')).toHaveText(`Ningún usuario coincide con «${customer}»`);
  await expect(page.getByTestId('admin-notice')).toHaveText(`Se ha eliminado la cuenta ${customer}.`);

  expect(await sql(`SELECT id FROM users WHERE id = ${literal(owner)}`)).toHaveLength(0);
  expect((await sql(`SELECT COUNT(*) AS n FROM analyses WHERE owner_id = ${literal(owner)}`))[0]?.n).toBe(0);
  expect((await sql(`SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ${literal(owner)}`))[0]?.n).toBe(0);
  await expect.poll(() => r2Has(recordingKey), { timeout: 20_000 }).toBe(false);
});

test('a customer who opens /admin sees the refusal', async ({ page, request }) => {
  const customer = uniqueEmail();
  await registerViaApi(request, customer);
  await loginViaUi(page, customer);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  await page.goto('/admin');
  await expect(page.getByTestId('admin-refusal')).toContainText(REFUSAL);
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.goto('/admin/waitlist');
  await expect(page.getByTestId('admin-refusal')).toContainText(REFUSAL);
});

test('the waitlist tab lists a sign-up and exports it as CSV', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createAdmin(request);
  const signUp = uniqueEmail();
  await expectOk(await request.post('/api/v1/waitlist', { data: { email: signUp, consent: true } }));

  await loginAsAdmin(page, admin);
  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Lista de espera' }).click();
  await expect(page).toHaveURL(/\/admin\/waitlist$/);
  await expect(page.getByRole('heading', { name: 'Lista de espera', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Lista de espera' });
  await expect(table.getByRole('columnheader')).toHaveText(['Email', 'Consentimiento', 'Fecha de alta']);
  const row = page.getByTestId('waitlist-row').filter({ hasText: signUp });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  // es-ES date and time, e.g. 22/11/26, 10:30.
  await expect(row.locator('td').nth(1)).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}$/);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const path = await download.path();
  const csv = await readFile(path, 'utf8');
  expect(csv).toContain('email');
  expect(csv).toContain(signUp);
});
