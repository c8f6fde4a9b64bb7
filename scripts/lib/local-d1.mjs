// The local D1 of a `wrangler dev --persist-to DIR` server, read and written from tests and scripts
// through its SQLite file (node:sqlite). `wrangler d1 execute` starts a runtime of its own for each
// call: seconds on a loaded machine, holding the database's write lock meanwhile. SQLite's file
// locks and WAL make this safe beside the server's own connection: a write waits for the server's
// (and the server's for ours, `tests/api/d1-busy.test.mjs`), and the server reads what we wrote.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** How long a statement waits for the server's write lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Another of workerd's local SQLite stores (R2's objects, a Durable Object's tables), opened
 * read-only. The server writes them as it answers (a sweep deletes R2 rows, a chunk commits): a read
 * waits for its write lock, as `localSql` does, instead of failing at once with 'database is locked'.
 */
export function readStore(file) {
  return new DatabaseSync(file, { readOnly: true, timeout: BUSY_TIMEOUT_MS });
}

/** The D1 database's SQLite file under wrangler's state directory (one database, DB). */
export function d1File(stateDir) {
  const dir = join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return join(dir, file);
}

/** `query` cut into statements at semicolons outside quotes. */
export function statements(query) {
  const out = [];
  let current = '';
  let quote = null;
  for (const ch of query) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === ';') {
      if (current.trim()) out.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/**
 * Runs `query` (one or more `;`-separated statements) in one transaction and returns the rows of
 * each statement, in order (a write gives an empty list).
 */
export function localSql(stateDir, query) {
  const parts = statements(query);
  const returnsRows = (s) => /^(SELECT|WITH)\b/i.test(s) || /\bRETURNING\b/i.test(s);
  const reading = parts.every((s) => /^(SELECT|WITH)\b/i.test(s));
  const db = new DatabaseSync(d1File(stateDir), { readOnly: reading, timeout: BUSY_TIMEOUT_MS });
  const rowsOf = (s) =>
    db
      .prepare(s)
      .all()
      .map((row) => ({ ...row }));
  try {
    if (reading) return parts.map(rowsOf);
    db.exec('BEGIN IMMEDIATE');
    try {
      const results = parts.map((s) => (returnsRows(s) ? rowsOf(s) : (db.prepare(s).run(), [])));
      db.exec('COMMIT');
      return results;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    db.close();
  }
}
