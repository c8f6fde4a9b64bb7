// Starts `wrangler dev` (workerd with local D1 and R2) on a free port with its own state directory,
// applies the D1 migrations there first, and waits until /api/v1/health answers.
import { spawn, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer } from 'node:net';

const root = new URL('../..', import.meta.url).pathname;
/** The test server's per-participation size limit (production: 2 GiB), so a test can pass it. */
export const TEST_MAX_ENTRY_BYTES = 48 * 1024 * 1024;

/** Asks the kernel for a free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {{stateDir: string, port?: number, log?: (line: string) => void, maxEntryBytes?: number}} options
 *   `maxEntryBytes`: the per-participation size limit (default TEST_MAX_ENTRY_BYTES; benchmarks
 *   that record an hour pass the production figure). `vars`: more `--var NAME:value` pairs, which
 *   override the test ones (e.g. `{ ENVIRONMENT: 'production' }`). `healthStatus`: the status of
 *   /api/v1/health that means "up" (200; a misconfigured production answers 503). `usage`: answers
 *   say what they cost (x-d1-round-trips…, edge-worker/src/platform/usage.rs); off for load benchmarks.
 * @returns {Promise<{url: string, port: number, pid: number, logs: () => string, stop: () => Promise<void>}>}  `pid`: wrangler's, the leader of the process group workerd runs in.
 */
export async function startServer({
  stateDir,
  port,
  log = () => {},
  maxEntryBytes = TEST_MAX_ENTRY_BYTES,
  vars = {},
  healthStatus = 200,
  usage = true,
}) {
  // Not synchronously: servers started together (production.test.mjs) migrate at the same time.
  await promisify(execFile)('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], {
    cwd: root,
  });
  const chosen = port ?? (await freePort());
  const child = spawn(
    'wrangler',
    // Links the worker builds (mail, checkout, signed URLs) must point at this very server.
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(chosen),
      '--local',
      '--persist-to',
      stateDir,
      '--show-interactive-dev-session=false',
      '--var',
      `PUBLIC_ORIGIN:http://127.0.0.1:${chosen}`,
      // Tests move the clock per request (x-lupa-test-now), count what each request costs (x-d1-round-trips…),
      // make one of our own calls fail (x-lupa-test-fault, edge-worker/src/platform/faults.rs) and reach the size limit with little data.
      '--var',
      'TEST_CLOCK:on',
      '--var',
      `TEST_USAGE:${usage ? 'on' : 'off'}`,
      '--var',
      'TEST_FAULTS:on',
      '--var',
      `MAX_ENTRY_BYTES:${maxEntryBytes}`,
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ],
    { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  const collect = (d) => {
    output += d;
    for (const line of String(d).split('\n')) if (line.trim()) log(line);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${chosen}`;

  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000).unref();
    });

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.status === healthStatus) return { url, port: chosen, pid: child.pid, logs: () => output, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not become healthy within 60 s:\n${output}`);
}
