// `npm run create-user` writes a user that can log in, and updates the password and role later.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { uniqueEmail, client } from './helpers.mjs';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const createUser = (...args) =>
  run('node', ['scripts/create-user.mjs', '--persist-to', process.env.LUPA_STATE_DIR, ...args], { cwd: root });

test('create-user makes an account that logs in with its role, and updates it', async () => {
  const email = uniqueEmail('operator');
  await createUser('--email', email, '--password', 'clave de operador', '--role', 'admin');
  const login = await client.authLogin({ body: { username: email, password: 'clave de operador' } });
  assert.equal(login.status, 200);
  assert.equal(login.json.user.role, 'admin');

  await createUser('--email', email, '--password', 'otra clave de operador', '--role', 'customer');
  const old = await client.authLogin({ body: { username: email, password: 'clave de operador' } });
  assert.equal(old.status, 401);
  const fresh = await client.authLogin({ body: { username: email, password: 'otra clave de operador' } });
  assert.equal(fresh.json.user.role, 'customer');
});

test('create-user refuses bad input with a clear message', async () => {
  await assert.rejects(createUser('--email', 'nope', '--password', 'clave larga 123'), /--email must be a valid/);
  await assert.rejects(createUser('--email', uniqueEmail(), '--password', 'corta'), /al menos 8 caracteres/);
  await assert.rejects(
    createUser('--email', uniqueEmail(), '--password', 'clave larga 123', '--role', 'root'),
    /--role must be/,
  );
});
