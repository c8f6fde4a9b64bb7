// Playwright against the running `wrangler dev` (LUPA_BASE_URL) in Debian's Chromium.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json']],
  projects: [
    { name: 'main', testIgnore: 'clock.spec.ts' },
    // Moves the server's clock a day ahead for the expiry cron, which would expire the other specs'
    // participations mid-recording: it runs alone once they are done (Playwright skips it when one
    // of them failed; the run is red then anyway).
    { name: 'clock', testMatch: 'clock.spec.ts', dependencies: ['main'] },
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
        '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
      ],
    },
  },
});
