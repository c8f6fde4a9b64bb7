// The prerendered public pages (scripts/prerender.mjs): they are in the HTML before any script
// runs, the app adopts that markup instead of redrawing it (also where route code loads lazily),
// and deep links get the empty shell, never the landing page. English visitors, and visitors who
// pick English before the app starts, get their language once it starts.
import type { Page } from '@playwright/test';
import { expect, test } from './support/accounts';

const HERO = 'Feedback de calidad, en minutos';

/** Console errors and warnings (React reports hydration mismatches there) and uncaught errors. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Holds the app's scripts back, so the test sees (and can use) the served markup before the app
 * starts; the returned function lets them load.
 */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('prerendered landing page', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('/ shows the page, its title and description from the HTML alone', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle(`${HERO} · Lupa`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /lista de espera/);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
      await expect(page.locator('#how-it-works').getByRole('heading', { level: 3 })).toHaveCount(3);
      await expect(main.getByRole('region', { name: 'Preguntas frecuentes' }).getByRole('button')).toHaveCount(9);
      await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link')).toHaveCount(3);
    });

    test('the other public pages are prerendered too, each with its own title', async ({ page }) => {
      const pages = [
        { paths: ['/home', '/home/home'], title: `${HERO} · Lupa`, heading: HERO },
        {
          paths: ['/terminos-condiciones', '/home/terminos-condiciones'],
          title: 'Términos y condiciones · Lupa',
          heading: 'Términos y condiciones',
        },
        {
          paths: ['/preguntas-frecuentes', '/home/preguntas-frecuentes'],
          title: 'Preguntas frecuentes · Lupa',
          heading: 'Preguntas frecuentes',
        },
      ];
      for (const { paths, title, heading } of pages) {
        for (const path of paths) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          expect(new URL(page.url()).pathname, path).toBe(path);
          await expect(page, path).toHaveTitle(title);
          await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
          await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute('content', title);
        }
      }
      await page.goto('/terminos-condiciones');
      await expect(page.locator('.terms__section')).toHaveCount(17);
    });

    test('a deep link gets the empty app shell, not the landing page', async ({ page }) => {
      for (const path of ['/auth/login', '/dashboard', '/participate/abc', '/no-such-page']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { name: HERO }), path).toHaveCount(0);
        await expect(page.locator('#root'), path).toBeEmpty();
      }
    });
  });

  test('the app hydrates the markup it was served, without errors', async ({ page }) => {
    const problems = watchProblems(page);

    const release = await holdAppScripts(page);
    // 'commit': DOMContentLoaded waits for module scripts, which are held.
    await page.goto('/', { waitUntil: 'commit' });
    const served = page.getByRole('heading', { level: 1, name: HERO });
    await expect(served).toBeVisible();
    await served.evaluate((heading) => {
      (window as unknown as { servedHeading: Element }).servedHeading = heading;
    });
    // A visitor reading ahead before the app starts keeps their place.
    await page.locator('#waitlist-form').scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    release();

    // Once the app runs, the waitlist form (loaded when its block is near the viewport) arrives
    // where the visitor is: hydration did not scroll them back to the top.
    await expect(page.getByRole('form', { name: 'Únete a la lista de espera' }).getByLabel('Correo electrónico')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // The heading on screen is the very element that came with the HTML: adopted, not redrawn.
    const same = await page.evaluate(
      () => document.querySelector('h1') === (window as unknown as { servedHeading: Element }).servedHeading,
    );
    expect(same).toBe(true);
    // And it is interactive: the FAQ accordion opens (a React click handler).
    const question = page.getByRole('button', { name: '¿Cómo funciona?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(problems).toEqual([]);
  });

  test('a page with lazily loaded code hydrates too: the terms keep their markup and links work', async ({ page }) => {
    const problems = watchProblems(page);
    const release = await holdAppScripts(page);
    await page.goto('/terminos-condiciones', { waitUntil: 'commit' });
    const served = page.getByRole('heading', { level: 1, name: 'Términos y condiciones' });
    await expect(served).toBeVisible();
    await served.evaluate((heading) => {
      (window as unknown as { servedHeading: Element }).servedHeading = heading;
    });
    release();

    // React marks the elements it owns; the served heading becomes one of them (adopted, not redrawn).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const heading = (window as unknown as { servedHeading: Element }).servedHeading;
          return heading.isConnected && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
        }),
      )
      .toBe(true);
    // Client-side navigation works: the header's FAQ link changes the page without a reload.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('banner').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('a language picked before the app started is honoured when it starts', async ({ page }) => {
    const release = await holdAppScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quality feedback, in minutes');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  test('a visitor who chose English gets the landing page in English', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('lupa.lang', 'en'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quality feedback, in minutes');
    await expect(page).toHaveTitle('Quality feedback, in minutes · Lupa');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('main')).toHaveCount(1);
  });

  test('a missing script under /assets/ is a 404, not the app shell', async ({ request }) => {
    const response = await request.get('/assets/gone-after-a-deploy.js');
    expect(response.status()).toBe(404);
  });
});
