/**
 * WideTable's two thresholds (components/ui/wide-table.css): a table's rows become cards when its
 * frame, not the window, is narrower than 48rem (md: an analysis's task summary) or 68rem (lg: the
 * dashboard's analyses, an analysis's participations), and stay a table with its column headers at
 * or above it. Checked
 * over a sweep of window widths, so both sides of each threshold are seen; nothing scrolls sideways
 * and the cards' text keeps the page's size.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { submitRecording } from './support/insights';
import { researcherWithAnalysis } from './support/participation';

const REM = 16;
const WIDTHS = [560, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1600];

/** The frame's width, whether its rows are cards, whether its header row shows, and a cell's font size. */
async function layoutOf(frame: Locator) {
  return frame.evaluate((el) => {
    const row = el.querySelector('tbody tr');
    const head = el.querySelector('thead');
    const cell = el.querySelector('tbody td');
    return {
      width: el.getBoundingClientRect().width,
      cards: row ? getComputedStyle(row).display === 'flex' : false,
      headerShown: head ? head.getBoundingClientRect().height > 1 : false,
      cellFontPx: cell ? parseFloat(getComputedStyle(cell).fontSize) : 0,
    };
  });
}

async function sweep(page: Page, frame: Locator, thresholdRem: number) {
  const seen = new Set<boolean>();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(frame.locator('tbody tr').first()).toBeVisible();
    const layout = await layoutOf(frame);
    const narrow = layout.width < thresholdRem * REM - 0.5;
    expect(layout.cards, `${layout.width} px frame at a ${width} px window (threshold ${thresholdRem}rem)`).toBe(
      narrow,
    );
    expect(layout.headerShown).toBe(!narrow);
    // The variant's own font size only sets the threshold: what the table shows keeps the page's.
    expect(layout.cellFontPx).toBeLessThanOrEqual(REM);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    seen.add(narrow);
  }
  expect([...seen].sort(), 'the sweep saw both sides of the threshold').toEqual([false, true]);
}

test('wide tables become cards below their frame threshold: 48rem for the task summary, 68rem for analyses and participations', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const analysisId = await researcherWithAnalysis(page.request);
  await submitRecording(baseURL ?? '', analysisId);

  await page.goto('/dashboard');
  await sweep(page, page.locator('.wide-table--lg').first(), 68);

  // The time per task in 'Resultados', the participations in their own tab (issue 45).
  await page.goto(`/analysis/${analysisId}?tab=results`);
  await sweep(page, page.getByTestId('recordings-summary').locator('.wide-table--md'), 48);
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await sweep(page, page.locator('.wide-table--lg').first(), 68);
});
