// Playwright against the running `wrangler dev` (LUPA_BASE_URL) in Debian's Chromium.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // 10 s, not Playwright's 5: beside a live test (two pages encoding and decoding video) on two
  // cores, a page was measured starved for 4 s between the login's answer and its next request.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  projects: [
    // Each live test drives two pages (a participant encoding, a researcher decoding through MSE)
    // for a minute or more: one at a time, beside one test of the others, on a 2-core machine.
    // Listed first so they start first, rather than run alone at the end.
    // The server restart (a server of its own, a participant and a live viewer) is one of them.
    { name: 'live', testMatch: ['live.spec.ts', 'server-restart.spec.ts'], workers: 1 },
    { name: 'main', testIgnore: ['live.spec.ts', 'server-restart.spec.ts'] },
  ],
  outputDir: process.env.LUPA_PW_OUTPUT ?? '../../test-results',
  use: {
    baseURL: process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787',
    locale: 'es-ES',
    // A failed test keeps its trace: every action with the page's DOM, network and console. Not
    // the screencast: encoding the page's frames to JPEG throughout every test cost a quarter of
    // the suite's CPU (192 → 140 CPU-seconds on participate + playback + researcher, 2026-11-28).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
});
