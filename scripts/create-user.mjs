// `npm run create-user -- --email E --password P --role admin|customer [--remote]`: creates the
// user, or updates its password and role, in the local D1 (or production with --remote). The
// password is hashed by the same Rust code as the worker, and existing sessions are revoked.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localSql } from './lib/local-d1.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'customer' },
    remote: { type: 'boolean', default: false },
    'persist-to': { type: 'string' },
  },
});
const fail = (msg) => {
  console.error(msg);
  process.exit(1);
};
const email = values.email?.trim() ?? '';
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail('--email must be a valid e-mail address');
if (!values.password) fail('--password is required');
if (!['admin', 'customer'].includes(values.role)) fail('--role must be admin or customer');

let hash;
try {
  hash = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'lupa-core', '--bin', 'lupa-hash-password'], {
    cwd: root,
    input: values.password,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
    .toString()
    .trim();
} catch (err) {
  fail(`could not hash the password: ${err.stderr?.toString().trim() || err.message}`);
}

const q = (v) => `'${String(v).replaceAll("'", "''")}'`;
const now = Date.now();
const normalized = email.toLowerCase();
const sql = `
INSERT INTO users (id, email, email_normalized, role, password_hash, created_at, updated_at)
VALUES (${q(randomBytes(16).toString('hex'))}, ${q(email)}, ${q(normalized)}, ${q(values.role)}, ${q(hash)}, ${now}, ${now})
ON CONFLICT (email_normalized) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash, updated_at = excluded.updated_at;
DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email_normalized = ${q(normalized)});
`;
if (values.remote) {
  const dir = mkdtempSync(join(tmpdir(), 'lupa-create-user-'));
  const file = join(dir, 'create-user.sql');
  writeFileSync(file, sql);
  try {
    execFileSync('wrangler', ['d1', 'execute', 'DB', '--remote', '--file', file, '--yes'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch {
    fail('could not write the user to D1');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  // Locally, through the SQLite file (`lib/local-d1.mjs`), in one transaction that waits for a
  // running server's write lock: `wrangler d1 execute` gave up at once with 'database is locked'
  // when `npm start` was writing at that moment.
  const stateDir = values['persist-to'] ?? join(root, '.wrangler', 'state');
  const local = ['--local', ...(values['persist-to'] ? ['--persist-to', values['persist-to']] : [])];
  try {
    execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', ...local], { cwd: root, stdio: 'ignore' });
    localSql(stateDir, sql);
  } catch (err) {
    fail(`could not write the user to D1: ${err.message}`);
  }
}
console.log(`${values.role} ${email} is ready${values.remote ? ' in production' : ''}.`);
