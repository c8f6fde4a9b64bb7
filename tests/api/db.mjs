// Reads and writes the test server's local D1 through `wrangler d1 execute` (the same SQLite files
// workerd uses), to check rows the API does not show and to age tokens.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

/**
 * Runs one SQL statement against the local D1 and returns its rows. A read goes straight to the
 * SQLite file (WAL mode: a consistent snapshot beside the server's writer) and takes milliseconds;
 * `wrangler d1 execute` starts a runtime of its own, seconds on a loaded machine, which made
 * 15-second polls in the browser tests time out with the row already there. Writes still go
 * through wrangler, the way D1 itself writes.
 */
export async function sql(query) {
  const stateDir = process.env.LUPA_STATE_DIR;
  if (!stateDir) throw new Error('LUPA_STATE_DIR is not set');
  if (/^\s*(SELECT|WITH)\b/i.test(query)) return read(stateDir, query);
  const args = ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--command', query];
  // The server writes the same SQLite file; a busy database is retried, anything else is an error.
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run('wrangler', args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
      return JSON.parse(stdout)[0]?.results ?? [];
    } catch (error) {
      if (attempt >= 6 || !/SQLITE_BUSY|database is locked/.test(`${error.stdout ?? ''}${error.stderr ?? ''}`)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}

/** The D1 database's SQLite file under wrangler's state directory (one database, DB). */
function d1File(stateDir) {
  const dir = join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return join(dir, file);
}

/**
 * Holds the local D1's write lock for `ms`, as a test's `wrangler d1 execute` does while it writes:
 * the server's writes meanwhile find SQLite busy. Resolves once the lock is taken, with a promise
 * of its release.
 */
export function holdWriteLock(ms) {
  const db = new DatabaseSync(d1File(process.env.LUPA_STATE_DIR), { timeout: 5000 });
  db.exec('BEGIN IMMEDIATE');
  return new Promise((resolve) => setTimeout(() => {
    db.exec('ROLLBACK');
    db.close();
    resolve();
  }, ms));
}

function read(stateDir, query) {
  // A reader waits out the writer's checkpoint instead of failing with SQLITE_BUSY.
  const db = new DatabaseSync(d1File(stateDir), { readOnly: true, timeout: 5000 });
  try {
    return db.prepare(query).all().map((row) => ({ ...row }));
  } finally {
    db.close();
  }
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

/** The local R2 object `key` (read through wrangler, like workerd stores it); null when absent. */
export async function r2Get(key) {
  try {
    const { stdout } = await run('wrangler', ['r2', 'object', 'get', `lupa-recordings/${key}`, '--local', '--persist-to', process.env.LUPA_STATE_DIR, '--pipe'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'buffer',
    });
    return stdout;
  } catch {
    return null;
  }
}

/** True when the local R2 bucket holds `key`. */
export async function r2Exists(key) {
  return (await r2Get(key)) !== null;
}

/** Writes `bytes` as the local R2 object `key`, through wrangler (objects the API never writes). */
export async function r2Put(key, bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'lupa-r2-'));
  const file = join(dir, 'object');
  writeFileSync(file, bytes);
  try {
    await run('wrangler', ['r2', 'object', 'put', `lupa-recordings/${key}`, '--file', file, '--local', '--persist-to', process.env.LUPA_STATE_DIR], { cwd: root });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
