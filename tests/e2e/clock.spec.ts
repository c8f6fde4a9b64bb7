// Expiry of an unfinished participation (ADR 0005, ADR 0013), in Chromium against the real worker,
// D1 and R2. The participation's Durable Object deletes it by alarm 24 h after its last activity;
// the alarm runs on the real clock, so this tab's requests carry a test clock 24 h in the past (less
// a minute, `x-lupa-test-now`): the alarm comes due while the test watches, as it would have by
// then. Only this participation's clock moves, so it runs beside the other tests (it once moved
// the cron's clock for everyone and ran alone, after all of them).
import { expect, test } from './support/accounts';
import { entryOf, recordingFor } from './support/participation';
// @ts-expect-error: a plain ES module shared with the API tests (no type declarations).
import { openUploads, r2Keys } from '../api/recording.mjs';

const HOUR_MS = 60 * 60 * 1000;

test('a participation nobody resumes within 24 h leaves nothing in R2 and no unfinished upload', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // Every API call of this tab happens, for the worker, 24 h less a minute before now.
  const skew = 24 * HOUR_MS - 60_000;
  await page.route('**/api/v1/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-lupa-test-now': String(Date.now() - skew) } }),
  );
  const { analysisId, entry } = await recordingFor(page, request, 6000);
  const prefix = `analyses/${analysisId}/entries/${entry.id}/`;
  await expect.poll(() => (r2Keys(prefix) as string[]).length, { timeout: 15_000 }).toBeGreaterThan(0);
  // The tab crashes and nobody comes back.
  const context = page.context();
  await page.close();
  expect((r2Keys(prefix) as string[]).length, 'within the grace window nothing is deleted').toBeGreaterThan(0);

  // The object's alarm: everything goes, the row stays 'abandoned'.
  await expect.poll(() => r2Keys(prefix), { timeout: 150_000, intervals: [1000] }).toEqual([]);
  expect(openUploads(prefix)).toEqual([]);
  await expect.poll(async () => (await entryOf(analysisId)).status, { timeout: 20_000 }).toBe('abandoned');
  const again = await context.newPage();
  await again.goto(`/participate/${analysisId}`);
  await expect(again.getByRole('heading', { name: 'Participar en un análisis' })).toBeVisible({ timeout: 15_000 });
});
