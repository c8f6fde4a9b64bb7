// Expiry of an unfinished participation (ADR 0005), in Chromium against the real worker, D1 and
// R2, with the cron fired through wrangler's scheduled endpoint at a moved clock. A cron 25 h ahead
// expires *every* unfinished participation on the server, so this file runs alone, after all the
// others (the `clock` project in playwright.config.ts). Run beside them, it deleted their entries
// mid-recording and their uploads got 403.
import { expect, test } from './support/accounts';
import { entryOf, recordingFor } from './support/participation';
// @ts-expect-error: a plain ES module shared with the API tests (no type declarations).
import { openUploads, r2Keys, runCron } from '../api/recording.mjs';

const HOUR_MS = 60 * 60 * 1000;

test('a participation nobody resumes within 24 h leaves nothing in R2 and no unfinished upload', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { analysisId, entry } = await recordingFor(page, request, 6000);
  const prefix = `analyses/${analysisId}/entries/${entry.id}/`;
  await expect.poll(() => (r2Keys(prefix) as string[]).length, { timeout: 15_000 }).toBeGreaterThan(0);
  // The tab crashes and nobody comes back.
  const context = page.context();
  await page.close();

  await runCron(Date.now() + 23 * HOUR_MS);
  expect((r2Keys(prefix) as string[]).length).toBeGreaterThan(0);
  await runCron(Date.now() + 25 * HOUR_MS);
  expect(r2Keys(prefix)).toEqual([]);
  expect(openUploads(prefix)).toEqual([]);
  expect((await entryOf(analysisId)).status).toBe('abandoned');
  const again = await context.newPage();
  await again.goto(`/participate/${analysisId}`);
  await expect(again.getByRole('heading', { name: 'Participar en un análisis' })).toBeVisible({ timeout: 15_000 });
});
