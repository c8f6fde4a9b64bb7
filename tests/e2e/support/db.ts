// Reads and writes the running server's local D1 from tests, through the SQLite file of the state
// directory the server was started with (env LUPA_STATE_DIR; `scripts/lib/local-d1.mjs`).
import { localSql } from '../../../scripts/lib/local-d1.mjs';

/**
 * Runs `query` (one or more `;`-separated statements, in one transaction) against the local D1
 * and returns the rows of every statement, in order. `stateDir`: a server of the test's own (the
 * suite's by default).
 */
export async function sql(query: string, stateDir = process.env.LUPA_STATE_DIR): Promise<any[]> {
  if (!stateDir) throw new Error('LUPA_STATE_DIR is not set: start the server with a state dir and pass it');
  return localSql(stateDir, query).flat();
}

/** A SQL string literal: single quotes doubled. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
