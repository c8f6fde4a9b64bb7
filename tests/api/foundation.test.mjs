// Foundation: health through D1 and R2, JSON errors for unknown API paths, SPA for client routes.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { api, BASE, client } from './helpers.mjs';

test('health answers ok with the version after touching D1 and R2', async () => {
  const res = await client.health();
  assert.equal(res.status, 200);
  assert.equal(res.json.ok, true);
  assert.match(res.json.version, /^\d+\.\d+\.\d+$/);
});

test('the OpenAPI document is served as committed, as JSON, without a session', async () => {
  const res = await client.openApi();
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const committed = readFileSync(new URL('../../edge-worker/api-types/openapi.json', import.meta.url), 'utf8');
  assert.deepEqual(res.json, JSON.parse(committed));
  assert.equal(res.headers.get('cache-control'), 'no-store');
});

test('API answers are never cached and carry a request id', async () => {
  const res = await client.health();
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f]{16}$/);
  const other = await client.health();
  assert.notEqual(other.headers.get('x-request-id'), res.headers.get('x-request-id'));
});

test('unknown API paths get a JSON 404 with message and code', async () => {
  for (const path of ['/api/v1/nope', '/api/v2/health', '/api/whatever']) {
    const res = await api(path);
    assert.equal(res.status, 404, path);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(res.json.code, 'not_found');
    assert.equal(typeof res.json.message, 'string');
  }
});

test('a known path with the wrong method gets a JSON 405 with the methods it has in Allow', async () => {
  const res = await api('/api/v1/health', { method: 'DELETE' });
  assert.equal(res.status, 405);
  assert.equal(res.json.code, 'method_not_allowed');
  assert.equal(res.headers.get('allow'), 'GET');
  const reset = await api('/api/v1/auth/password-reset', { method: 'PUT' });
  assert.equal(reset.headers.get('allow'), 'POST, GET, PATCH');
  // A method the runtime has no name for is still that method, not a GET.
  const query = await api('/api/v1/health', { method: 'QUERY' });
  assert.deepEqual([query.status, query.headers.get('allow')], [405, 'GET']);
  // A literal path is its own resource: `/analysis/participate` is not an analysis called "participate".
  const literal = await api('/api/v1/analysis/participate', { method: 'GET' });
  assert.equal(literal.status, 405);
  assert.equal(literal.headers.get('allow'), 'POST');
});

test('client routes get the single-page app', async () => {
  for (const path of ['/', '/auth/login', '/participate/abc', '/definitely/not/a/page']) {
    const res = await fetch(BASE + path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await res.text(), /<div id="root"[ >]/);
  }
});

/** Which entry script a page's HTML loads: the app's (index) or the participation page's. */
const entryScript = (html) =>
  /<script type="module" crossorigin src="\/assets\/(index|participate)-[\w-]+\.js"><\/script>/.exec(html)?.[1];

test('the participation paths get the participation page, its own entry; other paths the app (ADR 0011)', async () => {
  for (const path of [
    '/participate',
    '/participate/',
    '/participate/abc',
    '/participate/abc/',
    '/participate/an%201',
  ]) {
    const res = await fetch(BASE + path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(entryScript(await res.text()), 'participate', path);
  }
  for (const path of ['/auth/login', '/participate/a/b', '/participates']) {
    const res = await fetch(BASE + path);
    assert.equal(entryScript(await res.text()), 'index', path);
  }
});

test("the player, an analysis and the dashboard get the app with their screen's code preloaded (ADR 0009)", async () => {
  const manifest = JSON.parse(readFileSync(new URL('../../web/dist/.vite/manifest.json', import.meta.url), 'utf8'));
  const chunkOf = (source) => `/${manifest[source].file}`;
  const screens = {
    '/entry/0123abcd': 'src/features/entries/routes/entry-page.tsx',
    '/analysis/0123abcd': 'src/features/analysis/routes/analysis-detail-page.tsx',
    '/dashboard': 'src/features/dashboard/routes/dashboard-page.tsx',
  };
  const preloaded = (html) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  for (const [path, source] of Object.entries(screens)) {
    const html = await (await fetch(BASE + path)).text();
    assert.equal(entryScript(html), 'index', path);
    assert.ok(preloaded(html).includes(chunkOf(source)), `${path} preloads ${chunkOf(source)}`);
    const sheets = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    assert.equal(new Set(sheets).size, sheets.length, `${path}: each stylesheet once`);
  }
  // Other screens load only the app's own code, not another screen's.
  const other = await (await fetch(`${BASE}/analysis/create`)).text();
  for (const source of Object.values(screens)) assert.ok(!preloaded(other).includes(chunkOf(source)), source);
});
