// Reads and writes the test server's local D1 through `wrangler d1 execute` (the same SQLite files
// workerd uses), to check rows the API does not show and to age tokens.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

/** Runs one SQL statement against the local D1 and returns its rows. */
export async function sql(query) {
  const stateDir = process.env.LUPA_STATE_DIR;
  if (!stateDir) throw new Error('LUPA_STATE_DIR is not set');
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

/** True when the local R2 bucket holds `key` (read through wrangler, like workerd stores it). */
export async function r2Exists(key) {
  try {
    await run('wrangler', ['r2', 'object', 'get', `lupa-recordings/${key}`, '--local', '--persist-to', process.env.LUPA_STATE_DIR, '--pipe'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'buffer',
    });
    return true;
  } catch {
    return false;
  }
}
