// After a full test run: the worker's own structured log lines (JSON with a `level`) must never
// contain a password, token, cookie or secret. wrangler's dev request lines (full URLs) are not
// the worker's logs and are left out; production request logging is Cloudflare's.
import { readFileSync, existsSync } from 'node:fs';

const root = new URL('../..', import.meta.url).pathname;

/** Returns a list of problems (empty when the logs are clean). */
export function checkLogs(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('{') && l.includes('"level"'));
  const problems = [];
  if (lines.length < 100) problems.push(`only ${lines.length} structured log lines: the check would prove nothing`);
  const secrets = existsSync(`${root}.dev.vars`)
    ? readFileSync(`${root}.dev.vars`, 'utf8')
        .split('\n')
        .map((l) => l.split('=').slice(1).join('='))
        .filter((v) => v.length >= 8)
    : [];
  // Values the tests use as passwords, and the shapes of tokens and cookies.
  const needles = [...secrets, 'una clave bastante larga', 'nueva clave larga', 'clave de operador', 'Password123!'];
  const patterns = [
    /__Host-lupa_(session|participation)=/,
    /passwordResetToken=/,
    /sig=[0-9a-f]{16}/,
    /Bearer /,
    /whsec_/,
    /"password"/i,
    /\$argon2id\$/,
  ];
  for (const line of lines) {
    for (const needle of needles)
      if (line.includes(needle)) problems.push(`a secret or password appears in: ${line.slice(0, 160)}`);
    for (const pattern of patterns)
      if (pattern.test(line)) problems.push(`${pattern} appears in: ${line.slice(0, 160)}`);
  }
  return problems;
}
