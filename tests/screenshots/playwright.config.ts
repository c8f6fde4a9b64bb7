// `npm run screenshots` (scripts/screenshots.mjs): the review's screen set, not a test suite.
import { defineConfig } from '@playwright/test';
import base from '../e2e/playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screens.spec.ts',
  projects: undefined,
  workers: 1,
  timeout: 300_000,
  reporter: [['list']],
  outputDir: '../../test-results/screenshots',
});
