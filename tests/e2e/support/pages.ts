// Opening a page for interaction. Public pages are prerendered: they are on screen, scrollable and
// readable before the app has started, but their buttons and fields only work once it has, which
// the app marks with <html data-interactive> (web/src/app/layouts/root-layout.tsx).
import { expect, type Page } from '@playwright/test';

export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-interactive]')).toBeAttached();
}
