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
    { name: 'live', testMatch: 'live.spec.ts', workers: 1 },
    { name: 'main', testIgnore: ['clock.spec.ts', 'live.spec.ts'] },
    // Puts a participation a day in the past so its object's expiry alarm runs while the test
    // watches (ADR 0013); kept alone, after the others, as when it moved the cron's clock
    // (Playwright skips it when one of them failed; the run is red then anyway).
    { name: 'clock', testMatch: 'clock.spec.ts', dependencies: ['main', 'live'] },
  ],
  outputDir: process.env.LUPA_PW_OUTPUT ?? '../../test-results',
  use: {
    baseURL: process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787',
    locale: 'es-ES',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
        // The fake screen and camera at 15 frames a second, not the fake device's 30: a shared
        // screen sends a frame only when something on it changes, so a real recording is nearer
        // this than a test pattern moving every frame, and each recording tab encodes half as
        // much video on a 2-core machine that runs two tests (and their servers) at once.
        '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream=fps=15',
      ],
    },
  },
});
