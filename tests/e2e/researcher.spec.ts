// The researcher area end to end against the real worker and local D1: the 'Trial ended' banner and
// the disabled create button without a subscription; then, with one given by SQL, create an analysis
// through the form (validation, 'Éxito' countdown), see it on the dashboard and in its detail, copy
// the invite link, edit, close, reopen and delete it. Another customer cannot open it.
import {
  customerOnDashboard,
  clientHeaders,
  expect,
  grantSubscription,
  loginViaApi,
  loginViaUi,
  registerViaApi,
  test,
  uniqueEmail,
} from './support/accounts';

const TOOLTIP = 'An active subscription is required to create a new analysis. Visit Billing to choose a plan.';

test('a researcher creates, shares, edits, closes, reopens and deletes an analysis', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await customerOnDashboard(page);
  const name = `Estudio e2e ${Date.now()}`;

  // No subscription yet: banner, disabled button with its tooltip, and the form sends back.
  const banner = page.getByRole('region', { name: 'Trial ended' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Your free trial has ended. Choose a paid plan to continue.');
  await expect(banner.getByRole('link', { name: 'Choose plan' })).toHaveAttribute('href', '/user/billing');
  await expect(page.getByText('No se han encontrado análisis')).toBeVisible();
  const disabledCreate = page.getByRole('button', { name: 'Crear nuevo análisis' });
  await expect(disabledCreate).toBeDisabled();
  await disabledCreate.hover();
  await expect(page.getByRole('tooltip')).toHaveText(TOOLTIP);
  await expect(disabledCreate).toHaveAccessibleDescription(TOOLTIP);
  await page.goto('/analysis/create');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Subscribed: the banner goes, the button leads to the form.
  await grantSubscription(email);
  await page.reload();
  const createLink = page.getByRole('link', { name: 'Crear nuevo análisis' });
  await expect(createLink).toBeVisible();
  await expect(banner).toHaveCount(0);
  await createLink.click();
  await expect(page).toHaveURL(/\/analysis\/create$/);

  // Validation, once.
  await expect(page.getByLabel('Número de participantes')).toHaveValue('5');
  await expect(page.getByText('Recomendado: 5-10')).toBeVisible();
  await page.getByRole('button', { name: 'Crear análisis' }).click();
  await expect(page.getByText('El nombre del análisis es obligatorio')).toBeVisible();
  await expect(page.getByText('La URL es obligatoria')).toBeVisible();
  await expect(page.getByText('Se requiere al menos una tarea con contenido')).toBeVisible();
  await page.getByLabel('URL', { exact: true }).fill('esto no es una url');
  await expect(
    page.getByText('Por favor, introduzca una URL válida con una estructura de dominio adecuada'),
  ).toBeVisible();

  // A valid analysis: https:// is added, the empty third task is dropped.
  await page.getByLabel('Nombre del análisis').fill(name);
  await page.getByLabel('URL', { exact: true }).fill('www.example.com');
  await page.getByLabel('Escenario (opcional)').fill('Eres un cliente nuevo de la tienda.');
  await page.getByLabel('Tarea 1').fill('Busca un producto');
  await page.getByRole('button', { name: 'Añadir tarea' }).click();
  await page.getByLabel('Tarea 2').fill('Añádelo al carrito');
  await page.getByRole('button', { name: 'Añadir tarea' }).click();
  await expect(page.getByLabel('Tarea 3')).toBeFocused();
  await page.getByRole('button', { name: 'Crear análisis' }).click();

  const modal = page.getByRole('dialog', { name: 'Éxito' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('¡Análisis creado con éxito!');
  await expect(modal).toContainText('Redirigiendo en 5 segundos...');
  await expect(modal).toContainText('Redirigiendo en 4 segundos...');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  const row = page.getByTestId('analysis-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('https://www.example.com');
  await expect(row).toContainText('ordenador');
  await expect(row).toContainText('0 / 5');
  await expect(row).toContainText('publicado');
  await expect(row).toContainText(new Intl.DateTimeFormat('es-ES', { dateStyle: 'short' }).format(new Date()));

  // On a phone the table becomes cards: nothing sticks out of the screen or needs sideways scrolling.
  for (const width of [375, 800]) {
    await page.setViewportSize({ width, height: 800 });
    const overflowing = await row.evaluate((card) =>
      [card, ...card.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(overflowing, `at ${width}px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Detail.
  await row.getByRole('link', { name: /Ver detalles/ }).click();
  await expect(page).toHaveURL(/\/analysis\/[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('analysis-id')).toHaveText(id);
  await expect(page.getByTestId('analysis-status')).toContainText('publicado');
  await expect(page.getByRole('link', { name: /www\.example\.com/ })).toHaveAttribute(
    'href',
    'https://www.example.com',
  );
  await expect(page.getByText('Ordenador', { exact: true })).toBeVisible();
  await expect(page.getByText('Eres un cliente nuevo de la tienda.')).toBeVisible();
  await expect(page.getByTestId('analysis-participants')).toHaveText('0 de 5');
  await expect(page.getByTestId('analysis-tasks').getByRole('listitem')).toHaveText([
    'Busca un producto',
    'Añádelo al carrito',
  ]);
  // The participations are a tab of their own (issue 45).
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await expect(page).toHaveURL(/\/analysis\/[^/]+\?tab=participants$/);
  await expect(page.getByTestId('participations-empty')).toContainText('Aún no hay participantes');

  // Copy the invite link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(baseURL ?? page.url()).origin,
  });
  const copy = page.getByTestId('participations-empty').getByRole('button', { name: 'Copiar enlace de invitación' });
  await copy.click();
  await expect(
    page.getByTestId('participations-empty').getByRole('button', { name: '¡Enlace copiado!' }),
  ).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/participate/${id}`);
  await expect(copy).toHaveText('Copiar enlace de invitación', { timeout: 5_000 });

  // Edit: new name and one more task.
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByLabel('Nombre del análisis')).toHaveValue(name);
  await page.getByLabel('Nombre del análisis').fill(`${name} v2`);
  await page.getByRole('button', { name: 'Añadir tarea' }).click();
  await page.getByLabel('Tarea 3').fill('Paga el pedido');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByTestId('analysis-notice')).toHaveText('Cambios guardados');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} v2`);
  // The tasks are in 'Resumen'; saving left the page on the tab it was on.
  await expect(page.getByRole('tab', { name: 'Participantes' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Resumen' }).click();
  await expect(page.getByTestId('analysis-tasks').getByRole('listitem')).toHaveText([
    'Busca un producto',
    'Añádelo al carrito',
    'Paga el pedido',
  ]);

  // Close (Escape cancels first), then reopen.
  await page.getByRole('button', { name: 'Cerrar análisis' }).click();
  await expect(page.getByRole('alertdialog', { name: '¿Cerrar el análisis?' })).toBeVisible();
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('analysis-status')).toContainText('publicado');
  await page.getByRole('button', { name: 'Cerrar análisis' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar análisis' }).click();
  await expect(page.getByTestId('analysis-status')).toContainText('completado');
  await expect(page.getByTestId('analysis-notice')).toHaveText('El análisis se ha cerrado.');

  await page.getByRole('button', { name: 'Reabrir análisis' }).click();
  await page
    .getByRole('alertdialog', { name: '¿Reabrir el análisis?' })
    .getByRole('button', { name: 'Reabrir análisis' })
    .click();
  await expect(page.getByTestId('analysis-status')).toContainText('publicado');

  // The dashboard reflects the edit.
  // The nav's link: the page header's back link ('Volver al dashboard') also contains the word.
  await page.getByRole('navigation', { name: 'Tu cuenta' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('analysis-row').filter({ hasText: `${name} v2` })).toContainText('publicado');
  await page
    .getByTestId('analysis-row')
    .filter({ hasText: `${name} v2` })
    .getByRole('link', { name: /Ver detalles/ })
    .click();

  // Delete, confirmed: back on the dashboard without the row.
  await page.getByRole('button', { name: 'Eliminar análisis' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: '¿Eliminar el análisis?' });
  await expect(confirmDelete).toContainText('no se puede deshacer');
  await confirmDelete.getByRole('button', { name: 'Eliminar análisis' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('analysis-row')).toHaveCount(0);
  await expect(page.getByText('No se han encontrado análisis')).toBeVisible();
  const gone = await page.request.get(`/api/v1/analysis/${encodeURIComponent(id)}`);
  expect(gone.status()).toBe(404);
});

test("another customer gets 'Análisis no encontrado' for someone else's analysis", async ({
  page,
  browser,
  baseURL,
}) => {
  // The owner works through the API with the page's cookies.
  const owner = uniqueEmail();
  await registerViaApi(page.request, owner);
  await grantSubscription(owner);
  await loginViaApi(page.request, owner);
  const created = await page.request.post('/api/v1/analysis', {
    data: {
      name: 'Privado',
      url: 'example.com',
      maxNumberOfParticipants: 5,
      scenario: 'null',
      tasks: [{ taskType: 'text', taskContent: 'Mira' }],
      device: 'computer',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { analysisData } = (await created.json()) as { analysisData: { id: string } };

  // The owner sees it.
  await page.goto(`/analysis/${analysisData.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privado');

  // A second customer, in its own browser context and client address, does not.
  const other = await browser.newContext({ baseURL, locale: 'es-ES', extraHTTPHeaders: clientHeaders() });
  try {
    const otherPage = await other.newPage();
    const intruder = uniqueEmail();
    await registerViaApi(other.request, intruder);
    await loginViaUi(otherPage, intruder);
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await otherPage.goto(`/analysis/${analysisData.id}`);
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Análisis no encontrado');
    await otherPage.getByRole('link', { name: 'Volver al dashboard' }).click();
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await expect(otherPage.getByTestId('analysis-row')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('the researcher screens have no serious accessibility violations', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const check = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  const email = uniqueEmail();
  await registerViaApi(request, email);
  await loginViaUi(page, email);

  // Unpaid dashboard: banner and the disabled button with its tooltip open.
  await expect(page.getByRole('region', { name: 'Trial ended' })).toBeVisible();
  await page.getByRole('button', { name: 'Crear nuevo análisis' }).focus();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await check();

  // The form with its errors shown.
  await grantSubscription(email);
  await page.goto('/analysis/create');
  await page.getByRole('button', { name: 'Crear análisis' }).click();
  await expect(page.getByText('El nombre del análisis es obligatorio')).toBeVisible();
  await check();

  // The success modal.
  await page.getByLabel('Nombre del análisis').fill('Accesible');
  await page.getByLabel('URL', { exact: true }).fill('example.com');
  await page.getByLabel('Tarea 1').fill('Mira la portada');
  await page.getByRole('button', { name: 'Crear análisis' }).click();
  // Focus starts on the dialog's one button, 'Ir al análisis'.
  await expect(
    page.getByRole('dialog', { name: 'Éxito' }).getByRole('button', { name: 'Ir al análisis' }),
  ).toBeFocused();
  await check();

  // Dashboard with a row, on a desktop and on a phone.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByTestId('analysis-row')).toHaveCount(1);
  await check();
  await page.setViewportSize({ width: 375, height: 800 });
  await check();
  await page.setViewportSize({ width: 1280, height: 720 });

  // Detail, its confirmation dialog, and the edit form.
  await page.getByRole('link', { name: /Ver detalles/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accesible');
  await check();
  await page.getByRole('button', { name: 'Eliminar análisis' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Eliminar análisis' })).toBeFocused();
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar análisis' })).toBeVisible();
  await check();
});
