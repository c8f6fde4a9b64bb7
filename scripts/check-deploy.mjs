// The production deploy, checked offline (ADR 0006): `wrangler deploy --dry-run --env production`
// must bundle what `wrangler deploy --env production` would upload, the bundle must fit
// Cloudflare's Workers size limit (the figure is printed), and the D1 migrations must apply to a
// fresh database and then, run again, apply nothing.
//
//   bash scripts/run-node.sh scripts/check-deploy.mjs      (after npm run build)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
/** Workers Paid: 10 MB after compression (https://developers.cloudflare.com/workers/platform/limits/#worker-size). */
const WORKER_SIZE_LIMIT = 10 * 1024 * 1024;
const failures = [];
const run = (args) =>
  execFileSync('wrangler', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const out = mkdtempSync(join(tmpdir(), 'lupa-deploy-'));
const state = mkdtempSync(join(tmpdir(), 'lupa-migrations-'));
try {
  try {
    run(['deploy', '--dry-run', '--env', 'production', '--outdir', out]);
    const files = readdirSync(out, { recursive: true }).filter(
      (f) => statSync(join(out, f)).isFile() && !f.endsWith('.map'),
    );
    const raw = files.reduce((n, f) => n + statSync(join(out, f)).size, 0);
    const gz = files.reduce((n, f) => n + gzipSync(readFileSync(join(out, f)), { level: 9 }).length, 0);
    console.log(
      `deploy dry run (--env production): ${files.length} files, ${(raw / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(0)} KB gz (limit ${WORKER_SIZE_LIMIT / 1024 / 1024} MB gz)`,
    );
    if (gz > WORKER_SIZE_LIMIT)
      failures.push(`the worker bundle is ${gz} bytes gz, over the ${WORKER_SIZE_LIMIT} limit`);
  } catch (err) {
    failures.push(`wrangler deploy --dry-run --env production failed:\n${err.stderr ?? err.message}`);
  }

  try {
    const first = run(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
    const applied = new Set([...first.matchAll(/(\d{4}_\w+\.sql)\s*│\s*✅/g)].map((m) => m[1])).size;
    const expected = readdirSync(join(root, 'migrations')).filter((f) => f.endsWith('.sql')).length;
    const second = run(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
    console.log(
      `migrations: ${applied} of ${expected} applied to a fresh D1; again: ${/No migrations to apply/i.test(second) ? 'nothing to apply' : 'applied more'}`,
    );
    if (applied !== expected) failures.push(`the first migrations run applied ${applied} of ${expected}:\n${first}`);
    if (!/No migrations to apply/i.test(second)) failures.push(`the second migrations run was not a no-op:\n${second}`);
  } catch (err) {
    failures.push(`wrangler d1 migrations apply failed:\n${err.stderr ?? err.message}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
}
for (const failure of failures) console.error(`FAIL ${failure}`);
process.exit(failures.length ? 1 : 0);
