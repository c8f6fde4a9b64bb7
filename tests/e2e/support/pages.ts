// Opening a page for interaction. Public pages are prerendered: they are on screen, scrollable and
// readable before their script has started, but their buttons and fields only work once it has,
// which it marks with <html data-interactive> (web/src/site/start.ts; the app does the same in
// web/src/app/layouts/root-layout.tsx).
import { expect, type Page } from '@playwright/test';

export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-interactive]')).toBeAttached();
}
