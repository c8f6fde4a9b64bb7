// Rotating the URL signing key (ADR 0006): signed URLs carry the id of the key that signed them
// (`kid`), and the worker accepts the current key and the previous one, so a rotation keeps URLs
// in flight valid until they expire, and the rotation after that retires the old key. Two servers
// of their own, with the keys as the rotation sets them; the URLs are signed here, by the format
// the README states (HMAC-SHA256 of `path\nexpires`, kid = first 8 hex of HMAC(key, label)).
// A good signature for an entry that does not exist gets 404; a refused one 403.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/lib/dev-server.mjs';

const [K1, K2, K3] = [
  'first-key-0000000000000000000000',
  'second-key-000000000000000000000',
  'third-key-0000000000000000000000',
];
const hmac = (key, message) => createHmac('sha256', key).update(message).digest('hex');
const dirs = [];

function signedPath(key, { kid = hmac(key, 'lupa url signing key id').slice(0, 8) } = {}) {
  const path = '/api/v1/recordings/00000000000000000000000000000000';
  const expires = Date.now() + 10 * 60_000;
  return `${path}?expires=${expires}&kid=${kid}&sig=${hmac(key, `${path}\n${expires}`)}`;
}

async function serverWith(vars) {
  const stateDir = mkdtempSync(join(tmpdir(), 'lupa-keys-'));
  dirs.push(stateDir);
  return startServer({ stateDir, vars });
}

after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('during a rotation URLs of the previous key still work; the next rotation retires it', async () => {
  const rotating = await serverWith({ URL_SIGNING_KEY: K2, URL_SIGNING_KEY_PREVIOUS: K1 });
  try {
    const status = async (path) => (await fetch(rotating.url + path)).status;
    assert.equal(await status(signedPath(K2)), 404, 'current key');
    assert.equal(await status(signedPath(K1)), 404, 'previous key');
    assert.equal(await status(signedPath(K3)), 403, 'unknown key');
    // A kid naming the current key with the previous key's signature is refused.
    assert.equal(await status(signedPath(K1, { kid: hmac(K2, 'lupa url signing key id').slice(0, 8) })), 403);
  } finally {
    await rotating.stop();
  }
  const rotatedAgain = await serverWith({ URL_SIGNING_KEY: K3, URL_SIGNING_KEY_PREVIOUS: K2 });
  try {
    const status = async (path) => (await fetch(rotatedAgain.url + path)).status;
    assert.equal(await status(signedPath(K3)), 404);
    assert.equal(await status(signedPath(K2)), 404);
    assert.equal(await status(signedPath(K1)), 403, 'the key before the previous one is retired');
  } finally {
    await rotatedAgain.stop();
  }
});
