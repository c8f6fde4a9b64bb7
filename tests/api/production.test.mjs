// Production is safe by construction (issue 15): its own `wrangler dev` with ENVIRONMENT=production
// and this machine's secrets (.dev.vars has no Stripe or mail secrets, and PUBLIC_ORIGIN is
// http://127.0.0.1). Every API call then answers 503 naming what is missing, instead of falling
// back to the local checkout (free subscriptions) or the outbox; the local checkout's routes are
// 404 in production whatever the configuration.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/lib/dev-server.mjs';
import { BASE } from './helpers.mjs';

let server;
let stateDir;

before(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'lupa-production-'));
  server = await startServer({ stateDir, vars: { ENVIRONMENT: 'production' }, healthStatus: 503 });
});

after(async () => {
  await server?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

const call = (base, path, method = 'GET') =>
  fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });

test('without the Stripe and mail secrets every API call is 503, naming each missing setting', async () => {
  for (const [path, method] of [['/api/v1/health', 'GET'], ['/api/v1/billing', 'GET'], ['/api/v1/billing/checkout-session', 'POST'], ['/api/v1/auth/login/local', 'POST']]) {
    const res = await call(server.url, path, method);
    assert.equal(res.status, 503, `${method} ${path}`);
    const body = await res.json();
    assert.equal(body.code, 'misconfigured');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'MAIL_API_KEY', 'MAIL_FROM', 'PUBLIC_ORIGIN']) assert.match(body.message, new RegExp(name), `${path}: ${body.message}`);
    // The secrets this machine has are not reported missing.
    assert.doesNotMatch(body.message, /SESSION_PEPPER|URL_SIGNING_KEY/);
  }
  // The same build in the local environment serves normally.
  assert.equal((await call(BASE, '/api/v1/health')).status, 200);
});

test("the local checkout's and portal's routes are 404 in production", async () => {
  for (const [path, method] of [
    ['/api/v1/billing/local/checkout/cs_local_1', 'GET'],
    ['/api/v1/billing/local/checkout/cs_local_1/pay', 'POST'],
    ['/api/v1/billing/local/checkout/cs_local_1/cancel', 'POST'],
    ['/api/v1/billing/local/portal', 'GET'],
    ['/api/v1/billing/local/portal/cancel', 'POST'],
  ]) {
    const res = await call(server.url, path, method);
    assert.equal(res.status, 404, `${method} ${path}`);
  }
});
