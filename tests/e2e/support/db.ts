// Reads and writes the running server's local D1 from tests, through `wrangler d1 execute --local`
// on the state directory the server was started with (env LUPA_STATE_DIR).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const wrangler = `${root}node_modules/.bin/wrangler`;

interface StatementResult {
  results?: Record<string, unknown>[];
  success: boolean;
}

/**
 * Runs `query` (one or more `;`-separated statements) against the local D1 and returns the rows
 * of every statement, in order. Throws with wrangler's output when the command fails.
 */
export async function sql(query: string): Promise<any[]> {
  const stateDir = process.env.LUPA_STATE_DIR;
  if (!stateDir) throw new Error('LUPA_STATE_DIR is not set: start the server with a state dir and pass it');
  const args = ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--command', query];
  let stdout = '';
  // The server writes the same SQLite file; a busy database is retried, anything else is an error.
  for (let attempt = 1; ; attempt++) {
    try {
      ({ stdout } = await run(wrangler, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }));
      break;
    } catch (error) {
      const { stdout: out = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      if (attempt < 6 && /SQLITE_BUSY|database is locked/.test(`${out}${stderr}`)) {
        await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
        continue;
      }
      throw new Error(`wrangler d1 execute failed for: ${query}\n${out}\n${stderr}`);
    }
  }
  const parsed = JSON.parse(stdout) as StatementResult[];
  return parsed.flatMap((statement) => statement.results ?? []);
}

/** A SQL string literal: single quotes doubled. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
