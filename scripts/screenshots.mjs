// `npm run screenshots`: the screens of the UX review (ADR 0015) in light and dark, at 1440×900
// and 390×844, from a fresh `wrangler dev` with its own throw-away data, into screenshots/
// (git-ignored). Needs a build (`npm run build`); `LUPA_BASE_URL` + `LUPA_STATE_DIR` reuse a
// running server instead of starting one. Further arguments go to Playwright, e.g.
// `npm run screenshots -- --grep 'question builder'` for one block.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/dev-server.mjs';

const root = new URL('..', import.meta.url).pathname;

function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

let server = null;
let stateDir = process.env.LUPA_STATE_DIR;
let baseURL = process.env.LUPA_BASE_URL;
if (!baseURL || !stateDir) {
  stateDir = mkdtempSync(join(tmpdir(), 'lupa-shots-'));
  server = await startServer({ stateDir });
  baseURL = server.url;
}
let code = 1;
try {
  code = await run(
    'playwright',
    ['test', '--config', 'tests/screenshots/playwright.config.ts', ...process.argv.slice(2)],
    {
      LUPA_BASE_URL: baseURL,
      LUPA_STATE_DIR: stateDir,
    },
  );
} finally {
  if (server) {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
console.log(code === 0 ? `screenshots written to ${join(root, 'screenshots')}` : 'screenshots failed');
process.exit(code);
