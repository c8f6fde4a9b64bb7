// Security and caching headers: the app and its assets (from web/public/_headers) and the API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { BASE } from './helpers.mjs';

const root = new URL('../..', import.meta.url).pathname;

test('pages carry CSP, HSTS, nosniff, referrer and permissions policies, and are not cached', async () => {
  for (const path of ['/', '/participate', '/participate/abc', '/dashboard']) {
    const res = await fetch(BASE + path);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/, path);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(res.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.match(res.headers.get('permissions-policy') ?? '', /display-capture=\(self\), microphone=\(self\)/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
  }
});

test('hashed assets are cached for a year, immutable', async () => {
  const asset = readdirSync(`${root}web/dist/assets`).find((f) => f.endsWith('.js'));
  const res = await fetch(`${BASE}/assets/${asset}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('every API answer is no-store, nosniff and not frameable', async () => {
  for (const path of ['/api/v1/health', '/api/v1/nope', '/api/v1/auth/session']) {
    const res = await fetch(BASE + path);
    assert.equal(res.headers.get('cache-control'), 'no-store', path);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  }
});

test('signed-in screens preload the session, and the player its recording and notes; public pages nothing', async () => {
  const links = async (path) => {
    const res = await fetch(BASE + path);
    assert.equal(res.status, 200, path);
    return (res.headers.get('link') ?? '')
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean);
  };
  const preload = (url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
  assert.deepEqual(await links('/entry/0123abcd'), [
    preload('/api/v1/auth/session'),
    preload('/api/v1/entry/0123abcd'),
    preload('/api/v1/entry/0123abcd/notes'),
  ]);
  assert.deepEqual(await links('/dashboard'), [preload('/api/v1/auth/session')]);
  for (const path of ['/', '/participate/abc', '/auth/login']) assert.deepEqual(await links(path), [], path);
  // The page keeps the shell's policies with the added header.
  const res = await fetch(`${BASE}/entry/0123abcd`);
  assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  assert.equal(res.headers.get('cache-control'), 'no-cache');
});
