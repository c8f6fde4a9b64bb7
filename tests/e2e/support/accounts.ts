// Helpers for the accounts e2e tests: unique e-mails and client addresses, users made and signed in
// through the API (the flows of scripts/lib/accounts.mjs on a Playwright request context), a
// subscription given by SQL, the reset link from the local mail outbox, and the login form.
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import * as accounts from '../../../scripts/lib/accounts.mjs';
import * as testApp from '../../lib/test-app.mjs';
import { literal, sql } from './db';

export { fakeClientIp, PASSWORD } from '../../../scripts/lib/accounts.mjs';

/** A fresh address per call, so tests never share an account. */
export const uniqueEmail = () => accounts.uniqueEmail('e2e');

/** Each browser or request context gets its own client address (the server rate-limits per address). */
export const clientHeaders = () => ({ 'cf-connecting-ip': accounts.fakeClientIp() });

/**
 * `test` whose default context (page and request) has its own client address, and which prints the
 * API calls the browser saw fail (status ≥ 400, or no answer: a 5 s client time-out shows as
 * `net::ERR_ABORTED`) when a test fails, so a flake explains itself in the CI log.
 */
/**
 * Starts noting the API calls `context` sees fail (status ≥ 400 with the time they took, or no
 * answer at all); `report()` returns them one per line.
 */
export function watchApiFailures(context: BrowserContext): { report: () => string } {
  const failures: string[] = [];
  const started = Date.now();
  const at = () => `+${((Date.now() - started) / 1000).toFixed(1)} s`;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  context.on('response', (response) => {
    if (response.status() >= 400 && isApi(response.url())) {
      const request = response.request();
      const took = request.timing().responseEnd;
      // A 5xx names its request id: the worker's error log line has the same one, with the cause.
      const id = response.status() >= 500 ? ` (x-request-id ${response.headers()['x-request-id'] ?? '?'})` : '';
      failures.push(
        `${at()} ${request.method()} ${new URL(response.url()).pathname} → ${response.status()}${took > 0 ? ` after ${Math.round(took)} ms` : ''}${id}`,
      );
    }
  });
  context.on('requestfailed', (request) => {
    // API calls, and the app's own code and styles (a lazy chunk that failed to load).
    const kind = request.resourceType();
    if (isApi(request.url()) || kind === 'script' || kind === 'stylesheet') {
      failures.push(
        `${at()} ${request.method()} ${new URL(request.url()).pathname} → ${request.failure()?.errorText ?? 'failed'}`,
      );
    }
  });
  // What the page itself reported going wrong: uncaught errors and console errors.
  context.on('weberror', (error) => failures.push(`${at()} page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error') failures.push(`${at()} console error: ${message.text().slice(0, 300)}`);
  });
  return { report: () => failures.join('\n') };
}

/** Each open page's address and the start of its visible text: what the user saw when a test failed. */
async function visibleText(context: BrowserContext): Promise<string> {
  const pages = await Promise.all(
    context.pages().map(async (page) => {
      const text = await page
        .locator('body')
        .innerText({ timeout: 2000 })
        .catch(() => '(unreadable)');
      return `${page.url()}\n${text.replace(/\n{2,}/g, '\n').slice(0, 1500)}`;
    }),
  );
  return pages.join('\n---\n');
}

/** Prints and attaches `report` when the test failed (the CI log then says which calls failed, and what the page reported). */
export async function attachApiFailures(testInfo: TestInfo, report: string) {
  if (testInfo.status === testInfo.expectedStatus || report === '') return;
  console.log(`API calls that failed in '${testInfo.title}':\n${report}`);
  await testInfo.attach('api-failures', { body: report, contentType: 'text/plain' });
}

export const test = base.extend<{ apiFailureLog: void }>({
  extraHTTPHeaders: async ({}, use) => {
    await use(clientHeaders());
  },
  apiFailureLog: [
    async ({ context }, use, testInfo) => {
      const watch = watchApiFailures(context);
      await use();
      await attachApiFailures(testInfo, watch.report());
      if (testInfo.status !== testInfo.expectedStatus)
        console.log(`What the page showed when '${testInfo.title}' failed:\n${await visibleText(context)}`);
    },
    { auto: true },
  ],
});

export { expect };

/** Creates a customer through the API (no session is opened by registration). */
export async function registerViaApi(request: APIRequestContext, email: string, password = accounts.PASSWORD) {
  await accounts.register(accounts.playwrightCall(request), email, password);
}

/** Opens a session for `email` in `request`. */
export async function loginViaApi(request: APIRequestContext, email: string, password = accounts.PASSWORD) {
  await accounts.login(accounts.playwrightCall(request), email, password);
}

/**
 * Gives `email`'s user an active 'basic' subscription for 30 days straight in D1, as the payment
 * webhook would (tests/lib/test-app.mjs's `grantSubscription`); the user's id. `stateDir`: a
 * server of the test's own (the suite's by default).
 */
export async function grantSubscription(email: string, stateDir?: string): Promise<string> {
  const rows = await sql(
    `SELECT id FROM users WHERE email_normalized = ${literal(email.trim().toLowerCase())}`,
    stateDir,
  );
  const userId = rows[0]?.id as string | undefined;
  if (!userId) throw new Error(`no user ${email}`);
  testApp.grantSubscription(userId, { days: 30, stateDir });
  return userId;
}

/** Fills and submits the login form at /auth/login. */
export async function loginViaUi(page: Page, email: string, password = accounts.PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * A new customer, made through the API and logged in through the form, on /dashboard; their
 * e-mail. `subscribed`: given an active subscription before logging in.
 */
export async function customerOnDashboard(page: Page, { subscribed = false } = {}): Promise<string> {
  const email = uniqueEmail();
  await registerViaApi(page.request, email);
  if (subscribed) await grantSubscription(email);
  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** Path + query of the newest reset link mailed to `email`, waiting for the mail to arrive. */
export async function resetLinkFor(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const rows = await sql(
      `SELECT text_body FROM mail_outbox WHERE to_address = ${literal(email)} ORDER BY created_at DESC LIMIT 1`,
    );
    const body = rows[0]?.text_body as string | undefined;
    const match = body?.match(/https?:\/\/\S+\/auth\/password-reset\?passwordResetToken=[\w-]+/);
    // The mail carries the configured public origin; the test opens the same path on its own server.
    if (match) {
      const url = new URL(match[0]);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no password-reset mail for ${email}`);
}

export const userIdCondition = (email: string) =>
  `user_id = (SELECT id FROM users WHERE email_normalized = ${literal(email.trim().toLowerCase())})`;
