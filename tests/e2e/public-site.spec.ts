// Public site: landing sections and anchors, the demo video, terms with their table of contents, the
// FAQ accordion by keyboard, every waitlist state against the real API, English, axe and SEO basics.
// Size: one test per public page section, sharing the page helpers.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../../scripts/lib/accounts.mjs';
import { expect, test } from './support/accounts';
import { openPage } from './support/pages';

const SUCCESS = 'Te hemos apuntado. Te avisaremos cuando abramos acceso.';
const FAILURE = 'No hemos podido procesar tu solicitud. Inténtalo de nuevo en unos minutos.';

// The server rate-limits the waitlist per client address: `test` gives every test's context its own.

/** Opens the landing page and brings the waitlist form (loaded when near the viewport) into view. */
async function openWaitlist(page: Page) {
  await openPage(page, '/');
  await page.locator('#waitlist-form').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Únete a la lista de espera' });
  await expect(form.getByLabel('Correo electrónico')).toBeVisible();
  return form;
}

/** Records every request to the waitlist API made from now on. */
function watchWaitlistRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/waitlist') seen.push(request.method());
  });
  return seen;
}

test.describe('landing page', () => {
  test('shows every section of product §2', async ({ page }) => {
    await openPage(page, '/');
    await expect(page).toHaveTitle('Feedback de calidad, en minutos · Lupa');
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', { level: 1, name: 'Feedback de calidad, en minutos' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Únete a la lista de espera' })).toHaveAttribute(
      'href',
      '#waitlist-form',
    );
    await expect(main.getByRole('link', { name: 'Cómo funciona' })).toHaveAttribute('href', '#how-it-works');

    const logos = main.getByRole('region', { name: 'Equipos que prueban Lupa' }).getByRole('img');
    await expect(logos).toHaveCount(6);

    const steps = page.locator('#how-it-works');
    await expect(steps.getByRole('heading', { level: 2, name: 'Cómo funciona' })).toBeVisible();
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Crea un análisis',
      'Recluta participantes',
      'Mejora tus productos',
    ]);

    await expect(main.getByRole('heading', { level: 2, name: 'Así es una grabación' })).toBeVisible();
    await expect(main.locator('video[controls]')).toHaveCount(1);

    const features = main.getByRole('region', { name: 'Todo lo que necesitas para investigar con usuarios' });
    await expect(features.getByRole('heading', { level: 3 })).toHaveText([
      'Recluta con un enlace, sin descargas',
      'Grabaciones completas',
      'Análisis asistido',
      'Privacidad bajo control',
    ]);

    const faq = main.getByRole('region', { name: 'Preguntas frecuentes' });
    await expect(faq.getByRole('button')).toHaveCount(9);

    const waitlist = page.locator('#waitlist-form');
    await expect(waitlist.getByRole('heading', { level: 2, name: 'Únete a la lista de espera' })).toBeVisible();
    await waitlist.scrollIntoViewIfNeeded();
    await expect(waitlist.getByLabel('Correo electrónico')).toBeVisible();
    await expect(waitlist.getByRole('checkbox')).toBeVisible();
    await expect(waitlist.getByRole('button', { name: 'Apuntarme' })).toBeEnabled();
  });

  test('the hero links jump to #waitlist-form and #how-it-works', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('main').getByRole('link', { name: 'Cómo funciona' }).click();
    await expect(page).toHaveURL(/#how-it-works$/);
    await expect(page.getByRole('heading', { name: 'Cómo funciona', level: 2 })).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('main').getByRole('link', { name: 'Únete a la lista de espera' }).click();
    await expect(page).toHaveURL(/#waitlist-form$/);
    await expect(page.getByRole('heading', { name: 'Únete a la lista de espera', level: 2 })).toBeInViewport();
    await expect(page.locator('#waitlist-form').getByLabel('Correo electrónico')).toBeVisible();
  });

  test('a deep link to an anchor lands on it', async ({ page }) => {
    await openPage(page, '/#how-it-works');
    await expect(page.getByRole('heading', { name: 'Cómo funciona', level: 2 })).toBeInViewport();
  });

  test('the sample recording has a playable source and really plays', async ({ page }) => {
    await openPage(page, '/');
    const video = page.locator('#demo video');
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('poster', /lupa-demo-poster\.webp$/);
    await expect(video).toHaveAttribute('preload', 'none');

    const support = await video.evaluate((element: HTMLVideoElement) =>
      [...element.querySelectorAll('source')].map((source) => element.canPlayType(source.type)),
    );
    expect(support.some((answer) => answer === 'probably' || answer === 'maybe')).toBe(true);

    // Ask for the metadata the player deliberately did not preload, then play a little, muted.
    const state = await video.evaluate(async (element: HTMLVideoElement) => {
      element.preload = 'metadata';
      element.load();
      await new Promise<void>((resolve, reject) => {
        element.addEventListener('loadedmetadata', () => resolve(), { once: true });
        element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}`)), {
          once: true,
        });
      });
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      element.pause();
      return {
        readyState: element.readyState,
        duration: element.duration,
        time: element.currentTime,
        src: element.currentSrc,
      };
    });
    expect(state.readyState).toBeGreaterThanOrEqual(1);
    expect(state.duration).toBeGreaterThan(5);
    expect(state.time).toBeGreaterThan(0);
    expect(state.src).toMatch(/\/demo\/lupa-demo\.(webm|mp4)$/);

    for (const path of ['/demo/lupa-demo.webm', '/demo/lupa-demo.mp4']) {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      expect((await response.body()).length).toBeLessThan(400 * 1024);
    }
    for (const path of ['/demo/lupa-demo.es.vtt', '/demo/lupa-demo.en.vtt']) {
      expect((await (await page.request.get(path)).text()).startsWith('WEBVTT')).toBe(true);
    }
  });

  test('/home and its sub-routes show the public site', async ({ page }) => {
    for (const path of ['/home', '/home/home']) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1, name: 'Feedback de calidad, en minutos' })).toBeVisible();
      await expect(page.locator('#how-it-works')).toHaveCount(1);
      await expect(page.locator('#waitlist-form')).toHaveCount(1);
    }
    await openPage(page, '/home/terminos-condiciones');
    await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
    await openPage(page, '/home/preguntas-frecuentes');
    await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  });

  test('fits a 360 px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/terminos-condiciones', '/preguntas-frecuentes']) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});

test.describe('terms page', () => {
  test('has 17 sections and a working table of contents', async ({ page }) => {
    await openPage(page, '/terminos-condiciones');
    await expect(page).toHaveTitle('Términos y condiciones · Lupa');
    const sections = page.locator('article > section[id]');
    await expect(sections).toHaveCount(17);
    await expect(sections.locator('h2')).toHaveCount(17);
    await expect(sections.nth(16).locator('h2')).toContainText('Legislación aplicable y jurisdicción');
    await expect(sections.nth(16)).toContainText('Madrid');
    await expect(sections.nth(14)).toContainText('72 horas laborables');
    await expect(sections.nth(6)).toContainText('18 años');

    const toc = page.getByRole('navigation', { name: 'Índice' });
    const links = toc.getByRole('link');
    await expect(links).toHaveCount(17);
    const ids = await sections.evaluateAll((nodes) => nodes.map((node) => node.id));
    const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    expect(hrefs).toEqual(ids.map((id) => `#${id}`));

    for (const index of [9, 16]) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await links.nth(index).click();
      await expect(page).toHaveURL(new RegExp(`#${ids[index]}$`));
      await expect(sections.nth(index).locator('h2')).toBeInViewport();
    }
    await sections.nth(16).getByRole('link', { name: 'Volver al índice' }).click();
    await expect(toc).toBeInViewport();
  });
});

test.describe('FAQ page', () => {
  test('the accordion works from the keyboard', async ({ page }) => {
    await openPage(page, '/preguntas-frecuentes');
    await expect(page).toHaveTitle('Preguntas frecuentes · Lupa');
    const questions = page.getByRole('main').getByRole('button');
    await expect(questions).toHaveCount(9);

    // Start the tab sequence right before the accordion, then Tab onto the first question.
    await page.getByText('Respuestas rápidas sobre cómo funciona Lupa.').click();
    await page.keyboard.press('Tab');
    const first = questions.first();
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    const answer = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(answer).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('beta');

    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();

    // Tab reaches the next question; arrows and End move between questions too.
    await page.keyboard.press('Tab');
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(questions.nth(8)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(questions.nth(8)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await questions.nth(8).getAttribute('aria-controls')}`)).toContainText('72 horas');
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
  });

  test('answers agree with product §2', async ({ page }) => {
    await openPage(page, '/preguntas-frecuentes');
    const main = page.getByRole('main');
    for (const name of [
      '¿Cuánto se tarda en preparar un análisis?',
      '¿Cuántos participantes necesito?',
      '¿Puedo probar aplicaciones móviles?',
    ]) {
      await main.getByRole('button', { name }).click();
    }
    await expect(main).toContainText('Menos de 5 minutos');
    await expect(main).toContainText('85 %');
    await expect(main).toContainText('Todavía no');
  });
});

test.describe('waitlist form', () => {
  test('rejects an invalid e-mail without calling the API', async ({ page }) => {
    const requests = watchWaitlistRequests(page);
    const form = await openWaitlist(page);
    await form.getByLabel('Correo electrónico').fill('ana at lupa.example');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Apuntarme' }).click();
    await expect(form.getByText('Introduce un correo válido')).toBeVisible();
    await expect(form.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  test('requires consent', async ({ page }) => {
    const requests = watchWaitlistRequests(page);
    const form = await openWaitlist(page);
    await form.getByLabel('Correo electrónico').fill(uniqueEmail('e2e-consent'));
    await form.getByRole('button', { name: 'Apuntarme' }).click();
    await expect(form.getByText('Debes aceptar los términos para continuar')).toBeVisible();
    expect(requests).toEqual([]);
  });

  test('signs up: Procesando..., success alert, reset form, disabled button', async ({ page }) => {
    const requests = watchWaitlistRequests(page);
    // Hold the real answer back a moment so the sending state can be seen.
    await page.route('**/api/v1/waitlist', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const form = await openWaitlist(page);
    const email = uniqueEmail('e2e-ok');
    await form.getByLabel('Correo electrónico').fill(email);
    await form.getByRole('checkbox').check();
    const responsePromise = page.waitForResponse('**/api/v1/waitlist');
    await form.getByRole('button', { name: 'Apuntarme' }).click();

    await expect(form.getByRole('button', { name: 'Procesando...' })).toBeVisible();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({ email, consent: true, website: '' });

    await expect(form.getByRole('status')).toHaveText(SUCCESS);
    await expect(form.getByRole('button', { name: 'Apuntarme' })).toBeDisabled();
    await expect(form.getByLabel('Correo electrónico')).toHaveValue('');
    await expect(form.getByRole('checkbox')).not.toBeChecked();
    expect(requests).toEqual(['POST']);
  });

  test('a filled honeypot sends nothing but shows the same success', async ({ page }) => {
    const requests = watchWaitlistRequests(page);
    const form = await openWaitlist(page);
    const honeypot = form.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(honeypot).toHaveAttribute('aria-hidden', 'true');

    await form.getByLabel('Correo electrónico').fill(uniqueEmail('e2e-bot'));
    await form.getByRole('checkbox').check();
    await honeypot.fill('https://spam.example', { force: true });
    await form.getByRole('button', { name: 'Apuntarme' }).click();

    await expect(form.getByRole('status')).toHaveText(SUCCESS);
    await expect(form.getByRole('button', { name: 'Apuntarme' })).toBeDisabled();
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
  });

  test('shows the failure alert when the server fails', async ({ page }) => {
    await page.route('**/api/v1/waitlist', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'internal', code: 'internal' }),
      }),
    );
    const form = await openWaitlist(page);
    await form.getByLabel('Correo electrónico').fill(uniqueEmail('e2e-fail'));
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Apuntarme' }).click();

    await expect(form.getByRole('alert')).toHaveText(FAILURE);
    await expect(form.getByRole('button', { name: 'Apuntarme' })).toBeEnabled();
    await expect(form.getByRole('status')).toHaveCount(0);
  });
});

test('the English locale translates the public site', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Quality feedback, in minutes' })).toBeVisible();
  await expect(page).toHaveTitle('Quality feedback, in minutes · Lupa');
  await expect(page.getByRole('main').getByRole('link', { name: 'Join the waitlist' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'How many participants do I need?' })).toBeVisible();

  await page.locator('#waitlist-form').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Sign me up' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();

  await openPage(page, '/terminos-condiciones');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expect(page.locator('article > section[id]')).toHaveCount(17);
  await openPage(page, '/preguntas-frecuentes');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
});

test.describe('accessibility (axe)', () => {
  for (const path of ['/', '/terminos-condiciones', '/preguntas-frecuentes']) {
    test(`no serious or critical violations on ${path}`, async ({ page }) => {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/') {
        await page.locator('#waitlist-form').scrollIntoViewIfNeeded();
        await expect(page.getByLabel('Correo electrónico')).toBeVisible();
      } else if (path === '/preguntas-frecuentes') {
        await page.getByRole('main').getByRole('button').first().click();
      }
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
});

test.describe('search engines and link previews', () => {
  test('each public page has its own title and description', async ({ page }) => {
    const seen = new Set<string>();
    for (const path of ['/', '/terminos-condiciones', '/preguntas-frecuentes']) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(50);
      seen.add(`${await page.title()}|${description}`);
    }
    expect(seen.size).toBe(3);
  });

  test('Open Graph tags point to a local image', async ({ page }) => {
    await openPage(page, '/');
    for (const property of ['og:title', 'og:description', 'og:type']) {
      expect(await page.locator(`meta[property="${property}"]`).getAttribute('content')).toBeTruthy();
    }
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/\/og-image\.png$/);
    const response = await page.request.get('/og-image.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/png');
  });

  test('robots.txt and sitemap.xml are served', async ({ page }) => {
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Sitemap:');
    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset');
    for (const path of ['/', '/terminos-condiciones', '/preguntas-frecuentes'])
      expect(xml).toContain(`<loc>https://lupa.example${path}</loc>`);
  });

  test('the page loads nothing from other hosts', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
    });
    await openPage(page, '/');
    await page.locator('#waitlist-form').scrollIntoViewIfNeeded();
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    expect(foreign).toEqual([]);
  });
});
