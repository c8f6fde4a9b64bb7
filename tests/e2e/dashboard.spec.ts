// The dashboard as a researcher returning to it sees it (issue 45): how many recordings came in
// since they last opened each analysis, and the product's one-word values written the same way as
// on the analysis page ('Ordenador', 'Publicado'), and no menu button beside the side navigation.
import { expect, test } from './support/accounts';
import { submitRecording } from './support/insights';
import { researcherWithAnalysis } from './support/participation';

test('a row counts the recordings new since the analysis was last opened, and values read as on the analysis page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // page.request shares the browser's cookies: the researcher is logged in in the page too.
  const analysisId = await researcherWithAnalysis(page.request, 5);
  await submitRecording(baseURL!, analysisId);
  await submitRecording(baseURL!, analysisId);

  await page.goto('/dashboard');
  // At 1440 the side navigation is there, and no menu button repeats it.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
  const row = page.locator(`[data-analysis-id="${analysisId}"]`);
  await expect(row.getByTestId('new-recordings')).toHaveText('2 nuevas grabaciones desde tu última visita', {
    timeout: 15_000,
  });
  // Shown capitalised, like the analysis page's badge ('Ordenador'); product §2's words stay in the page.
  expect(await row.getByText('ordenador').evaluate((el) => (el as HTMLElement).innerText)).toBe('Ordenador');
  expect(await row.getByText('publicado').evaluate((el) => (el as HTMLElement).innerText)).toBe('Publicado');

  // Opening the analysis sees them; back on the dashboard nothing is new.
  await row.getByRole('link', { name: /^Participación e2e/ }).click();
  const status = page.getByTestId('analysis-status');
  await expect(status).toBeVisible({ timeout: 15_000 });
  expect(await status.getByText('publicado').evaluate((el) => (el as HTMLElement).innerText)).toBe('Publicado');
  await page.goBack();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('new-recordings')).toHaveCount(0);

  // One more recording: one new.
  await submitRecording(baseURL!, analysisId);
  await page.reload();
  await expect(row.getByTestId('new-recordings')).toHaveText('1 nueva grabación desde tu última visita', {
    timeout: 15_000,
  });
});
