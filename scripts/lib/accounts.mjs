// The account flows every client of a running worker needs (the API tests, the browser tests'
// support, the benchmarks and the Lighthouse check): unique e-mails, fake client addresses,
// registering, logging in and paying for a subscription through the local checkout. Written once
// here and driven by a tiny transport each client supplies, so the requests (endpoints, bodies)
// cannot drift apart between suites while each client keeps its own cookies and `cf-connecting-ip`.
//
// A transport is `call(method, path, body) → Promise<{ status, text, requestId? }>`; whatever else
// it answers (headers, parsed JSON) is handed back to the caller untouched. Plain ESM without
// dependencies, so node tests, Playwright's TypeScript and the benches all import it
// (types: accounts.d.mts).

/** The password of every account the tests and benches make (scripts/lib/check-logs.mjs looks for it in the worker's logs). */
export const PASSWORD = 'una clave bastante larga';

/** A fresh address per call, so tests never share an account; `tag` says which test made it. */
export function uniqueEmail(tag = 'user') {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

// Addresses follow each other from a random start: distinct within a process however many a
// bench makes, and unlikely to meet another process's (each test file and Playwright worker is one).
let lastAddress = Math.floor(Math.random() * 0x1000000);

/**
 * A fake client address in 10.0.0.0/8. The worker rate-limits per `cf-connecting-ip`, so each
 * simulated client gets its own and parallel tests never eat each other's budget.
 */
export function fakeClientIp() {
  do lastAddress = (lastAddress + 1) % 0x1000000;
  while ((lastAddress & 255) === 0 || (lastAddress & 255) === 255);
  return `10.${lastAddress >> 16}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/**
 * A Playwright request client (`APIRequestContext`; a browser context's `request` shares its
 * cookies) as a transport.
 */
export function playwrightCall(request) {
  return async (method, path, body) => {
    const res = await request.fetch(path, { method, data: body });
    return { status: res.status(), text: await res.text(), requestId: res.headers()['x-request-id'] };
  };
}

/** One call that must answer `expected`; otherwise an error naming the request, the status and the body. */
async function must(call, expected, method, path, body) {
  const res = await call(method, path, body);
  if (res.status !== expected) {
    const id = res.requestId ? ` (x-request-id ${res.requestId})` : '';
    throw new Error(
      `${method} ${path} → ${res.status}, expected ${expected}: ${String(res.text ?? '').slice(0, 500)}${id}`,
    );
  }
  return res;
}

/** Creates a customer (registration opens no session); the transport's answer. */
export function register(call, email, password = PASSWORD) {
  return must(call, 201, 'POST', '/api/v1/auth/register/local/customer', {
    username: email,
    password,
    role: 'customer',
  });
}

/** Opens a session (the transport keeps, or returns, its cookie); the transport's answer. */
export function login(call, email, password = PASSWORD) {
  return must(call, 200, 'POST', '/api/v1/auth/login/local', { username: email, password });
}

/** Creates the signed-in user's billing customer (idempotent). */
export function createCustomer(call) {
  return must(call, 200, 'POST', '/api/v1/billing', {});
}

/** Opens a test-mode checkout for the basic monthly plan; its session id. */
export async function openCheckout(call) {
  const res = await must(call, 200, 'POST', '/api/v1/billing/checkout-session', {
    planName: 'basic',
    planBillingCycle: 'monthly',
  });
  const url = JSON.parse(res.text).checkoutSessionUrl;
  // The URL is the app's checkout page (absolute or not); its last segment is the session id.
  return new URL(url, 'http://localhost').pathname.split('/').pop();
}

/** Pays checkout session `sessionId` at the local provider, as the user's click would. */
export function payCheckout(call, sessionId) {
  return must(call, 200, 'POST', `/api/v1/billing/local/checkout/${sessionId}/pay`, {});
}

/** Gives the signed-in user an active subscription the way a user gets one: customer, checkout, pay. */
export async function subscribe(call) {
  await createCustomer(call);
  await payCheckout(call, await openCheckout(call));
}
