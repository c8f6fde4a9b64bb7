// The prerendered public pages (scripts/prerender.mjs): they are in the HTML before any script
// runs, their small script (web/src/site/, ADR 0011) gives that very markup its behaviour instead
// of redrawing it, links lead into the app and back, and deep links get the empty shell, never the
// landing page. English visitors, and visitors who pick English before the script starts, get
// their language once it starts.
import type { Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { openPage } from './support/pages';

const HERO = 'Feedback de calidad, en minutos';

/** Console errors and warnings (a refused script or style shows there) and uncaught errors. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Holds the page's scripts back, so the test sees (and can use) the served markup before they
 * start; the returned function lets them load.
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

  test("the page's script adopts the markup it was served, without errors", async ({ page }) => {
    const problems = watchProblems(page);

    const release = await holdAppScripts(page);
    // 'commit': DOMContentLoaded waits for module scripts, which are held.
    await page.goto('/', { waitUntil: 'commit' });
    const served = page.getByRole('heading', { level: 1, name: HERO });
    await expect(served).toBeVisible();
    await served.evaluate((heading) => {
      (window as unknown as { servedHeading: Element }).servedHeading = heading;
    });
    // The waitlist form is in the HTML, its button disabled until the script runs.
    const form = page.getByRole('form', { name: 'Únete a la lista de espera' });
    await expect(form.getByRole('button', { name: 'Apuntarme' })).toBeDisabled();
    // A visitor reading ahead before the script starts keeps their place.
    await page.locator('#waitlist-form').scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    release();

    await expect(page.locator('html[data-interactive]')).toBeAttached();
    await expect(form.getByRole('button', { name: 'Apuntarme' })).toBeEnabled();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // The heading on screen is the very element that came with the HTML: adopted, not redrawn.
    const same = await page.evaluate(
      () => document.querySelector('h1') === (window as unknown as { servedHeading: Element }).servedHeading,
    );
    expect(same).toBe(true);
    // And it is interactive: the FAQ accordion opens.
    const question = page.getByRole('button', { name: '¿Cómo funciona?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(problems).toEqual([]);
  });

  test('links go from page to page, into the app and back', async ({ page }) => {
    const problems = watchProblems(page);
    await openPage(page, '/terminos-condiciones');
    await page.getByRole('banner').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/preguntas-frecuentes$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes');
    await expect(page.locator('html[data-interactive]')).toBeAttached();

    // Into the app: its login page works (submitting empty shows product §5's messages).
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.locator('form button[type="submit"]').first().click();
    await expect(page.locator('.field__error').first()).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes');
    await page.getByRole('banner').getByRole('link', { name: 'Registrate gratis' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // And back: the app's logo link loads the prerendered landing page with its own script.
    await page.getByRole('banner').getByRole('link', { name: 'Lupa, ir a la portada' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO);
    await expect(page.locator('html[data-interactive]')).toBeAttached();
    expect(await page.locator('#root').getAttribute('data-page-en')).toMatch(/^\/assets\/.+\.json$/);
    await page.getByRole('button', { name: '¿Cómo funciona?' }).click();
    await expect(page.getByRole('button', { name: '¿Cómo funciona?' })).toHaveAttribute('aria-expanded', 'true');
    expect(problems).toEqual([]);
  });

  test('a language picked before the script started is honoured when it starts', async ({ page }) => {
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
