// Reads and writes the test server's local D1 (the same SQLite file workerd uses), to check rows the
// API does not show and to age tokens; and reads its local R2 through wrangler.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { d1File, localSql } from '../../scripts/lib/local-d1.mjs';
import { r2Object } from './recording.mjs';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

/**
 * Runs one SQL statement against the local D1 and returns its rows, through the SQLite file the
 * server uses (`scripts/lib/local-d1.mjs`): milliseconds, where `wrangler d1 execute` started a
 * runtime of its own for each call and held the write lock for seconds on a loaded machine.
 */
export async function sql(query) {
  const stateDir = process.env.LUPA_STATE_DIR;
  if (!stateDir) throw new Error('LUPA_STATE_DIR is not set');
  return localSql(stateDir, query)[0] ?? [];
}

/** A paying researcher's subscription straight in D1 (tests/lib/test-app.mjs, where the fixtures use it). */
export { grantSubscription } from '../lib/test-app.mjs';

/**
 * Holds the local D1's write lock for `ms`, as a slow writer beside the server would: the server's
 * writes meanwhile find SQLite busy. Resolves once the lock is taken, with a promise of its release.
 */
export function holdWriteLock(ms) {
  const db = new DatabaseSync(d1File(process.env.LUPA_STATE_DIR), { timeout: 5000 });
  db.exec('BEGIN IMMEDIATE');
  return new Promise((resolve) =>
    setTimeout(() => {
      db.exec('ROLLBACK');
      db.close();
      resolve();
    }, ms),
  );
}

/** Quotes a string for SQL. */
export const q = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** Polls until `fn` returns a truthy value (mail is sent after the answer). */
export async function eventually(fn, { timeoutMs = 10_000, everyMs = 300 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The local R2 object `key`, or null when absent (`recording.mjs`: read from workerd's own store). */
export async function r2Get(key) {
  return r2Object(key);
}

/** True when the local R2 bucket holds `key`. */
export async function r2Exists(key) {
  return (await r2Get(key)) !== null;
}

/**
 * Writes `bytes` as the local R2 object `key`, through wrangler (objects the API never writes).
 * Wrangler's own simulator shares the bucket's on-disk store with the running server's; when the
 * server is busy with it (seen under load), wrangler's workerd drops the call: "Network connection
 * lost". Whether or not it wrote, writing the same object again is harmless, so that one failure
 * is tried again. It is the simulator's (production R2 has no shared file), not the product's.
 */
export async function r2Put(key, bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'lupa-r2-'));
  const file = join(dir, 'object');
  writeFileSync(file, bytes);
  const args = ['r2', 'object', 'put', `lupa-recordings/${key}`, '--file', file, '--local'];
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await run('wrangler', [...args, '--persist-to', process.env.LUPA_STATE_DIR], { cwd: root });
        return;
      } catch (err) {
        if (attempt >= 4 || !/Network connection lost/.test(String(err.stderr))) throw err;
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
