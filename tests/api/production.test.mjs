// Production is safe by construction (ADR 0006): its own `wrangler dev` with ENVIRONMENT=production
// and this machine's secrets (.dev.vars has no Stripe or mail secrets, and PUBLIC_ORIGIN is
// http://127.0.0.1). Every API call then answers 503 naming what is missing, instead of falling
// back to the local checkout (free subscriptions) or the outbox; the local checkout's routes are
// 404 in production whatever the configuration. Two more servers fail closed the same way (Hardening 3):
// an ENVIRONMENT that is neither `local` nor `production`, and production keys that are short or
// the same key for two purposes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/lib/dev-server.mjs';
import { BASE } from './helpers.mjs';

let server;
let stateDir;
const others = [];
/** The misconfigured servers, by tag, started together before the tests (see `before`). */
const misconfigured = {};

/** One more misconfigured server with `vars`; stopped after the file. */
async function misconfiguredServer(tag, vars) {
  const dir = mkdtempSync(join(tmpdir(), `lupa-${tag}-`));
  const started = await startServer({ stateDir: dir, vars, healthStatus: 503 }).catch((err) => {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  others.push({ server: started, dir });
  return started;
}

const SHARED_KEY = 'una-clave-compartida-de-mas-de-32-bytes-0123';
const SHORT_KEY = 'corta-de-31-bytes-0123456789abc';

// The five servers start at once: each start mostly waits (a process, a port, the bundle's
// compile), so together they take little longer than one, where one after the other took minutes.
before(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'lupa-production-'));
  const configs = {
    environment: { ENVIRONMENT: 'prod' },
    'weak-keys': {
      ENVIRONMENT: 'production',
      SESSION_PEPPER: SHARED_KEY,
      URL_SIGNING_KEY: SHARED_KEY,
      URL_SIGNING_KEY_PREVIOUS: SHORT_KEY,
    },
    'blank-key': { ENVIRONMENT: 'production', URL_SIGNING_KEY_PREVIOUS: '  ' },
    // Moderated sessions through the SFU (ADR 0024) with only the app's id set.
    realtime: { ENVIRONMENT: 'production', MEDIA_TRANSPORT: 'realtime', REALTIME_APP_ID: 'app-id' },
  };
  const [production] = await Promise.all([
    startServer({ stateDir, vars: { ENVIRONMENT: 'production' }, healthStatus: 503 }),
    ...Object.entries(configs).map(async ([tag, vars]) => {
      misconfigured[tag] = await misconfiguredServer(tag, vars);
    }),
  ]);
  server = production;
});

after(async () => {
  await server?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  for (const other of others) {
    await other.server.stop();
    rmSync(other.dir, { recursive: true, force: true });
  }
});

const call = (base, path, method = 'GET') =>
  fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
  });

test('without the Stripe and mail secrets every API call is 503, naming each missing setting', async () => {
  for (const [path, method] of [
    ['/api/v1/health', 'GET'],
    ['/api/v1/billing', 'GET'],
    ['/api/v1/billing/checkout-session', 'POST'],
    ['/api/v1/auth/login/local', 'POST'],
  ]) {
    const res = await call(server.url, path, method);
    assert.equal(res.status, 503, `${method} ${path}`);
    const body = await res.json();
    assert.equal(body.code, 'misconfigured');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'MAIL_API_KEY', 'MAIL_FROM', 'PUBLIC_ORIGIN'])
      assert.match(body.message, new RegExp(name), `${path}: ${body.message}`);
    // The secrets this machine has are not reported missing, nor the SFU's: this server's media
    // go peer to peer (the local [vars]' MEDIA_TRANSPORT).
    assert.doesNotMatch(body.message, /SESSION_PEPPER|URL_SIGNING_KEY|REALTIME_|TURN_KEY/);
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

test('an ENVIRONMENT other than local or production is refused: 503 naming it, no local checkout, no test clock', async () => {
  const typo = misconfigured.environment;
  for (const [path, method] of [
    ['/api/v1/health', 'GET'],
    ['/api/v1/auth/session', 'GET'],
    ['/api/v1/auth/login/local', 'POST'],
    ['/api/v1/waitlist', 'POST'],
  ]) {
    // The test clock's header changes nothing: every answer is the same 503.
    const res = await fetch(typo.url + path, {
      method,
      headers: { 'content-type': 'application/json', 'x-lupa-test-now': '0' },
      body: method === 'GET' ? undefined : '{}',
    });
    assert.equal(res.status, 503, `${method} ${path}`);
    assert.equal(res.headers.get('content-type')?.startsWith('application/json'), true);
    assert.deepEqual(await res.json(), {
      code: 'misconfigured',
      message: 'Lupa no está configurado: ENVIRONMENT debe ser "local" o "production".',
    });
  }
  // The local test-mode checkout is not there at all.
  assert.equal((await call(typo.url, '/api/v1/billing/local/portal')).status, 404);
  assert.equal((await call(typo.url, '/api/v1/billing/local/checkout/cs_local_1/pay', 'POST')).status, 404);
});

test('production keys shorter than 32 bytes, or one key for two purposes, are a 503 naming the problem, never the value', async () => {
  const [shared, short] = [SHARED_KEY, SHORT_KEY];
  assert.equal(short.length, 31);
  const weak = misconfigured['weak-keys'];
  const res = await call(weak.url, '/api/v1/health');
  assert.equal(res.status, 503);
  const text = await res.text();
  const body = JSON.parse(text);
  assert.equal(body.code, 'misconfigured');
  assert.match(body.message, /el secreto URL_SIGNING_KEY_PREVIOUS debe tener al menos 32 bytes/);
  assert.match(body.message, /los secretos SESSION_PEPPER y URL_SIGNING_KEY deben ser distintos/);
  // Long enough, and the pepper and the current key are not reported short.
  assert.doesNotMatch(body.message, /secreto (SESSION_PEPPER|URL_SIGNING_KEY) debe/);
  assert.equal(text.includes(shared) || text.includes(short), false, 'no secret value in the answer');
  // Neither in the worker's log.
  assert.equal(weak.logs().includes(shared) || weak.logs().includes(short), false, 'no secret value in the log');
});

test('a production secret of blanks is refused by name, not read as unset and then used as a key', async () => {
  // The previous signing key is optional; blanks once passed as "unset" and then verified URLs
  // signed with a key of two spaces.
  const blank = misconfigured['blank-key'];
  const res = await call(blank.url, '/api/v1/health');
  assert.equal(res.status, 503);
  const body = await res.json();
  assert.equal(body.code, 'misconfigured');
  assert.match(body.message, /el secreto URL_SIGNING_KEY_PREVIOUS está en blanco/);
  // A signed URL is refused like every other call while it is so.
  assert.equal((await call(blank.url, '/api/v1/recordings/x?expires=9999999999999&kid=previous&sig=x')).status, 503);
});

test("production through Cloudflare Realtime without the SFU's and TURN's secrets is 503, naming each missing one", async () => {
  const res = await call(misconfigured.realtime.url, '/api/v1/health');
  assert.equal(res.status, 503);
  const body = await res.json();
  assert.equal(body.code, 'misconfigured');
  for (const name of ['REALTIME_APP_SECRET', 'TURN_KEY_ID', 'TURN_KEY_API_TOKEN'])
    assert.match(body.message, new RegExp(`falta el secreto ${name}`), body.message);
  // The one that is set is not reported.
  assert.doesNotMatch(body.message, /REALTIME_APP_ID/);
});
