// The participant's side (ADR 0010) in Chromium with fake media devices, against the real worker:
// the floating task window (Document Picture-in-Picture) in step with the tab; 'Abrir la web';
// the timing from the invitation link to recording; the thank-you that survives a reload; the
// pre-flight check on an emulated iPhone; the microphone level meter and device list; and the
// macOS system path after a real screen-capture denial.
import { devices, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { designFindings, useColorScheme } from './support/design-checks';
import { card, recordingStatus, researcherWithAnalysis, startAnalysis } from './support/participation';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** The new screens pass the design sweep's checks (axe, no sideways scroll) in both themes. */
async function expectDesignClean(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await useColorScheme(page, colorScheme);
    expect(await designFindings(page, test.info()), colorScheme).toEqual([]);
  }
  await useColorScheme(page, 'light');
}

/** The tested site, served by the test so the new tab has something to show offline. */
async function serveTestedSite(context: BrowserContext) {
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Tienda de ejemplo</title><h1>Tienda</h1>' }),
  );
}

/** 'Abrir tareas en ventana flotante' and the floating window, as Playwright sees it: another page. */
async function openFloatingWindow(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Abrir tareas en ventana flotante' }).click();
  const floating = await opened;
  // The size the window really has (Playwright would otherwise give it the context's viewport).
  await floating.setViewportSize({ width: 380, height: 540 });
  await expect(floating.getByRole('main')).toBeVisible();
  return floating;
}

test('the floating task window shows the current step, moves the tab, and hands everything back when closed', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const analysisId = await researcherWithAnalysis(request);
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  // Document Picture-in-Picture is what this Chromium offers; the popup is only the fallback.
  expect(await page.evaluate(() => 'documentPictureInPicture' in window)).toBe(true);

  const floating = await openFloatingWindow(page);
  expect(await floating.evaluate(() => document.title)).toBe('Tareas · Lupa');
  await expect(page.getByText('Las tareas están en la ventana flotante.')).toBeVisible();
  // Scenario, the recording indicator and 'Duración', all styled by our own stylesheets.
  await expect(floating.getByText('Step 1 of 5')).toBeVisible();
  await expect(floating.getByRole('heading', { name: 'Escenario' })).toBeVisible();
  await expect(floating.getByRole('status').filter({ hasText: /^Grabando$/ })).toBeVisible();
  await expect(floating.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  const next = floating.getByRole('button', { name: 'Siguiente' });
  expect(await next.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
    await page
      .getByRole('button', { name: 'Siguiente' })
      .evaluate((button) => getComputedStyle(button).backgroundColor),
  );
  await expect(floating.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await expectDesignClean(floating);

  // The tab moves the window…
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(floating.getByText('Step 2 of 5')).toBeVisible();
  await expect(floating.getByRole('heading', { name: 'Web que vas a probar' })).toBeVisible();
  await expect(floating.getByRole('link', { name: /Abrir la web en una pestaña nueva/ })).toHaveAttribute(
    'href',
    'https://example.com',
  );

  // …and the window moves the tab, with the mouse and with the keyboard.
  await next.click();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Task 1' })).toBeVisible();
  await expect(floating.getByRole('heading', { name: 'Task 1' })).toBeFocused();
  await floating.getByRole('button', { name: 'Siguiente' }).focus();
  await floating.keyboard.press('Enter');
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await expect(floating.getByRole('link', { name: /https:\/\/example\.com\/ayuda/ })).toHaveAttribute(
    'href',
    'https://example.com/ayuda',
  );
  await floating.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();

  // Offline, the window says so too.
  await page.context().setOffline(true);
  await expect(floating.getByTestId('offline-indicator')).toBeVisible({ timeout: 15_000 });
  await page.context().setOffline(false);
  await expect(floating.getByTestId('offline-indicator')).toHaveCount(0, { timeout: 30_000 });

  // Closing the window returns everything to the tab, which never stopped showing the step.
  await floating.close();
  await expect(page.getByRole('button', { name: 'Abrir tareas en ventana flotante' })).toBeVisible();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();

  // Open again and finish from the window: it thanks the participant; the tab shows the ending.
  const again = await openFloatingWindow(page);
  await expect(again.getByText('Step 3 of 5')).toBeVisible();
  await again.getByRole('button', { name: 'Siguiente' }).click();
  await again.getByRole('button', { name: 'Siguiente' }).click();
  await again.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
  await expect(again.getByRole('heading', { name: 'Gracias por participar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gracias por participar' })).toBeVisible({ timeout: 10_000 });
  const closed = again.waitForEvent('close');
  // The button closes its own window: the click may still be returning when the window is gone,
  // which Playwright reports as an error although the click did what it should.
  await again
    .getByRole('button', { name: 'Cerrar esta ventana' })
    .click()
    .catch((error: Error) => {
      if (!again.isClosed()) throw error;
    });
  await closed;

  // Every step the window moved to was marked on the recording.
  const entry = await request.get(`/api/v1/analysis/${analysisId}`);
  const { analysisData } = (await entry.json()) as {
    analysisData: { AnalysisEntries: { id: string; status: string }[] };
  };
  expect(analysisData.AnalysisEntries.map((e) => e.status)).toEqual(['submitted']);
  const marks = await request.get(`/api/v1/entry/${analysisData.AnalysisEntries[0]!.id}`);
  const { steps } = (await marks.json()) as { steps: { index: number }[] };
  expect(steps.map((step) => step.index)).toEqual([0, 1, 2, 3, 2, 3, 4]);
});

test('without Document Picture-in-Picture the same tasks open in a small popup', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    // As in Firefox and Safari: no such API anywhere.
    delete (Window.prototype as { documentPictureInPicture?: unknown }).documentPictureInPicture;
    delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
  });
  const analysisId = await researcherWithAnalysis(request);
  await startAnalysis(page, analysisId);
  const popup = await openFloatingWindow(page);
  expect(await page.evaluate(() => 'documentPictureInPicture' in window)).toBe(false);
  expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
  await expect(popup.getByText('Step 1 of 5')).toBeVisible();
  await popup.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await popup.close();
  await expect(page.getByRole('button', { name: 'Abrir tareas en ventana flotante' })).toBeVisible();
});

test('from the invitation link to recording in at most 5 clicks and 20 s; Abrir la web opens the site; the thank-you survives a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const analysisId = await researcherWithAnalysis(request);
  await serveTestedSite(page.context());

  // Only our own UI: the participant's clicks, counted, and the time they wait for us.
  let clicks = 0;
  const click = async (name: string) => {
    clicks += 1;
    await page.getByRole('button', { name }).click();
  };
  const openedAt = Date.now();
  await page.goto(`/participate/${analysisId}`);
  await click('Participar');
  await click('Compartir pantalla y micrófono');
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
  await click('Siguiente');
  await page
    .getByRole('dialog', { name: 'Confirmación de Seguridad' })
    .getByRole('button', { name: 'Aceptar y Continuar' })
    .click();
  clicks += 1;
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  const seconds = (Date.now() - openedAt) / 1000;
  const line = `participation timing: ${clicks} clicks, ${seconds.toFixed(1)} s from opening the link to recording`;
  console.log(line);
  test.info().annotations.push({ type: 'timing', description: line });
  expect(clicks).toBeLessThanOrEqual(5);
  expect(seconds).toBeLessThanOrEqual(20);

  // The six reminders are open while recording starts, and fold away a click (or a key) away; on
  // their own they fold after the first minute (recording-reminders.test.tsx).
  const reminders = page.getByRole('button', { name: 'Recordatorios y privacidad' });
  await expect(reminders).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('recording-reminders').getByRole('listitem')).toHaveCount(6);
  await reminders.click();
  await expect(reminders).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Piensa en voz alta', { exact: false })).toBeHidden();
  await reminders.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Piensa en voz alta', { exact: false })).toBeVisible();

  // 'Abrir la web en una pestaña nueva' on the URL step: the site, in a tab with no way back to ours.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const open = page.getByRole('link', { name: /Abrir la web en una pestaña nueva/ });
  await expect(open).toHaveAttribute('rel', /noopener/);
  const opened = page.context().waitForEvent('page');
  await open.click();
  const site = await opened;
  await expect(site).toHaveURL('https://example.com/');
  await expect(site.getByRole('heading', { name: 'Tienda' })).toBeVisible();
  expect(await site.evaluate(() => window.opener)).toBeNull();
  await site.close();

  for (const step of ['Step 3 of 5', 'Step 4 of 5', 'Step 5 of 5']) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText(step)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
  const thanks = page.getByRole('heading', { name: 'Gracias por participar' });
  await expect(thanks).toBeVisible({ timeout: 10_000 });
  await expect(thanks).toBeFocused();
  await expect(page.getByText('ya puedes cerrar esta pestaña')).toBeVisible();
  await expect(page.getByLabel('ID de Análisis')).toHaveCount(0);
  await expectDesignClean(page);

  await page.reload();
  await expect(thanks).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('ID de Análisis')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Participar' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  // Playwright's iPhone, in our Chromium (the descriptor would otherwise ask for WebKit).
  const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];
  test.use(iPhone);

  test('the input step says a computer is needed and offers the link; permissions never appear', async ({
    page,
    request,
    context,
  }) => {
    const analysisId = await researcherWithAnalysis(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/participate/${analysisId}`);
    const message = page.getByTestId('preflight-message');
    await expect(message).toContainText('Este análisis necesita un ordenador con Chrome, Edge o Firefox');
    await expect(page.getByLabel('ID de Análisis')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Participar' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Copiar el enlace' }).click();
    await expect(page.getByRole('button', { name: '¡Enlace copiado!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/participate/${analysisId}$`),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectDesignClean(page);
    await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toHaveCount(0);
  });
});

test("'¡Te oímos bien!' appearing does not move 'Siguiente' from under the pointer", async ({ page, request }) => {
  const analysisId = await researcherWithAnalysis(request);
  await page.goto(`/participate/${analysisId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
  const next = page.getByRole('button', { name: 'Siguiente' });
  await expect(next).toBeEnabled();
  const before = await next.boundingBox();
  // The fake microphone beeps: the check hears it.
  await expect(page.getByText('¡Te oímos bien!')).toBeVisible({ timeout: 15_000 });
  expect(await next.boundingBox()).toEqual(before);
});

test('the microphone check: the level meter follows the fake microphone, and a silent one gets the device list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const analysisId = await researcherWithAnalysis(request);
  // The first microphone given (no device asked for) is silent, like a muted headset; any
  // microphone picked from the list is the real fake device, which beeps.
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const audio = constraints?.audio;
      if (audio && typeof audio === 'object' && audio.deviceId) return original(constraints);
      const context = new AudioContext();
      const destination = context.createMediaStreamDestination();
      return destination.stream;
    };
  });
  await page.goto(`/participate/${analysisId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });

  // The check sits inside the microphone's card, above 'Siguiente' (issue 45).
  const micCard = card(page, 'Micrófono');
  await expect(micCard.getByText('Habla para comprobar que te oímos')).toBeVisible();
  const meter = micCard.getByRole('meter', { name: 'Nivel del micrófono' });
  await expect(meter).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('mic-silent')).toBeHidden();
  const next = page.getByRole('button', { name: 'Siguiente' });
  const nextBefore = await next.boundingBox();
  const cardBox = await micCard.boundingBox();
  expect(cardBox!.y + cardBox!.height).toBeLessThan(nextBefore!.y);
  await expect(page.getByTestId('mic-silent')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('mic-silent')).toContainText('No te oímos');
  await expect(page.getByText('Habla para comprobar que te oímos')).toBeHidden();
  // The warning takes the place the prompt kept for it: 'Siguiente' stays under the pointer.
  expect((await next.boundingBox())?.y).toBe(nextBefore?.y);
  await expectDesignClean(page);

  const picker = page.getByLabel('Micrófono', { exact: true });
  const options = await picker.locator('option').allTextContents();
  expect(options.filter((text) => /Fake/i.test(text)).length, options.join(' | ')).toBeGreaterThan(0);
  await picker.selectOption({ index: options.length - 1 });

  // The fake device's beeps move the meter; the check confirms the participant is heard.
  await expect
    .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(20);
  await expect(page.getByText('¡Te oímos bien!')).toBeVisible();
  await expect(page.getByTestId('mic-silent')).toBeHidden();
  // Still what the recording will use: Siguiente leads on as before.
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
});

test.describe('on a Mac', () => {
  test.use({ userAgent: MAC_CHROME });

  test('a refused screen capture names System Settings › Privacy & Security › Screen & System Audio Recording', async ({
    page,
    request,
  }) => {
    const analysisId = await researcherWithAnalysis(request);
    // A real refusal by the browser: the page's Permissions-Policy forbids screen capture.
    await page.route(`**/participate/${analysisId}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'permissions-policy': 'display-capture=(), microphone=(self)' },
      });
    });
    await page.goto(`/participate/${analysisId}`);
    await page.getByRole('button', { name: 'Participar' }).click();
    await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
    await expect(
      page.getByText('Screen sharing permission was denied. Please allow screen sharing to continue.'),
    ).toBeVisible({ timeout: 20_000 });
    await expect(card(page, 'Micrófono')).toContainText('Concedido');

    const help = page.getByTestId('os-help');
    await expect(help.getByRole('heading', { name: 'Permiso del sistema en tu Mac' })).toBeVisible();
    await expect(help).toContainText(
      'Ajustes del Sistema › Privacidad y seguridad › Grabación de pantalla y audio del sistema',
    );
    await expect(help).toContainText('cierra el navegador del todo');
    // Only the screen was refused: the microphone path is not named.
    await expect(help).not.toContainText('› Micrófono');
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Browser Settings Help' })).toBeVisible();
    await expectDesignClean(page);
  });
});
