// Billing end to end against the real worker with the local (test-mode) payment provider: a new
// customer sees the 'Trial ended' banner and cannot create analyses; pays the monthly plan in the
// checkout tab; back in the first tab (no reload) the subscription shows, the plan is marked
// current with no 'Elegir Mensual' and the pending-payment notice is gone, and the banner is gone;
// creates an analysis; a second checkout is refused by the server; cancels in the portal
// tab; the banner comes back and the API refuses new analyses with 402.
import { useColorScheme } from './support/design-checks';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { customerOnDashboard, expect, test } from './support/accounts';

const NOTICE = 'Modo de prueba — no se realizará ningún cargo';
const PENDING = 'Completa el pago en la pestaña nueva. Esta página se actualizará cuando vuelvas.';

/** Clicks `button` and returns the tab it opens, once that tab has reached `path`. */
async function openTab(context: BrowserContext, page: Page, name: string, path: RegExp): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name }).click()]);
  await tab.waitForURL(path);
  return tab;
}

/** Back to the first tab, as the user would: it comes to the front and the page sees it visible again. */
async function returnTo(page: Page) {
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

/** No serious or critical axe findings on what `page` shows now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a customer subscribes in the checkout tab, creates an analysis, then cancels in the portal', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await customerOnDashboard(page);

  // No subscription: banner and a disabled create button.
  const banner = page.getByRole('region', { name: 'Trial ended' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear nuevo análisis' })).toBeDisabled();

  // The billing screen: trial ended, the plan, the invoices card; no banner here.
  await banner.getByRole('link', { name: 'Choose plan' }).click();
  await expect(page).toHaveURL(/\/user\/billing$/);
  await expect(page.getByRole('region', { name: 'Prueba finalizada' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  const plan = page.getByRole('region', { name: 'Suscripción Mensual' });
  await expect(plan).toContainText('€29/mes');
  await expect(plan).toContainText('IVA incluido');
  await expect(plan).toContainText('Utiliza la plataforma sin límites.');
  await expect(page.getByRole('region', { name: 'Historial de facturas' })).toBeVisible();
  await expectAccessible(page);
  // Product §4: the client created the billing customer on its own.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/v1/billing')).json()) as {
            billingData: { stripe_customer_id: string | null };
          }
        ).billingData.stripe_customer_id,
    )
    .not.toBeNull();

  // Marks this document: if anything reloads the tab, the mark is gone.
  await page.evaluate(() => Object.assign(window, { lupaNoReload: true }));

  // Pay in the checkout tab; meanwhile the first tab says where to finish.
  const checkout = await openTab(context, page, 'Elegir Mensual', /\/billing\/checkout\/[^/]+$/);
  await expect(page.getByTestId('billing-pending-payment')).toHaveText(PENDING);
  await expect(checkout.getByText(NOTICE)).toBeVisible();
  await expect(checkout.getByText('Suscripción Mensual')).toBeVisible();
  await expect(checkout.getByText('€29/mes')).toBeVisible();
  await expectAccessible(checkout);
  await checkout.getByRole('button', { name: 'Pagar €29' }).click();
  const paid = checkout.getByTestId('checkout-outcome');
  await expect(paid).toContainText('Pago completado');
  await expect(paid).toContainText('Puedes cerrar esta pestaña');
  await expect(checkout.getByRole('link', { name: 'Volver a facturación' })).toHaveAttribute('href', '/user/billing');

  // Back in the first tab: the subscription appears without a reload.
  await returnTo(page);
  const current = page.getByRole('region', { name: 'Suscripción actual' });
  await expect(current).toBeVisible();
  await expect(current.getByText('Activo', { exact: true })).toBeVisible();
  const billing = (await (await page.request.get('/api/v1/billing')).json()) as {
    billingData: { paid: boolean; Subscription: { id: string }[] };
  };
  expect(billing.billingData.paid).toBe(true);
  const subscriptionId = billing.billingData.Subscription[0]?.id ?? '';
  expect(subscriptionId).not.toBe('');
  await expect(page.getByTestId('billing-subscription-id')).toHaveText(subscriptionId);
  // The plan is now the current one: no button to buy it again, and the pending notice is gone.
  const currentPlan = page.getByRole('region', { name: 'Suscripción Mensual' });
  await expect(currentPlan.getByTestId('billing-plan-current')).toHaveText('Plan actual');
  await expect(currentPlan.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Elegir Mensual' })).toHaveCount(0);
  await expect(page.getByTestId('billing-pending-payment')).toHaveCount(0);
  await expect(page.getByText(PENDING)).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await useColorScheme(page, colorScheme);
    await expectAccessible(page);
  }
  await useColorScheme(page, 'light');

  // A second checkout (e.g. from a stale tab) is refused by the server (the screen then shows product §8's message).
  const again = await page.request.post('/api/v1/billing/checkout-session', {
    data: { planName: 'basic', planBillingCycle: 'monthly' },
  });
  expect(again.status()).toBe(400);

  // The dashboard (same document): no banner, and the create button leads to the form.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No se han encontrado análisis')).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { lupaNoReload?: boolean }).lupaNoReload)).toBe(true);
  await page.getByRole('link', { name: 'Crear nuevo análisis' }).click();
  await expect(page).toHaveURL(/\/analysis\/create$/);
  await page.getByLabel('Nombre del análisis').fill(`Estudio de pago ${Date.now()}`);
  await page.getByLabel('URL', { exact: true }).fill('example.com');
  await page.getByLabel('Tarea 1').fill('Busca la página de precios');
  await page.getByRole('button', { name: 'Crear análisis' }).click();
  await expect(page.getByRole('dialog', { name: 'Éxito' })).toContainText('¡Análisis creado con éxito!');

  // The portal tab: the subscription and its invoice, then cancel it.
  await page.goto('/user/billing');
  await expect(page.getByRole('region', { name: 'Suscripción actual' })).toBeVisible();
  const portal = await openTab(context, page, 'Abrir portal del cliente', /\/billing\/portal$/);
  await expect(portal.getByText(NOTICE)).toBeVisible();
  const facts = portal.getByTestId('portal-subscription');
  await expect(facts).toContainText('Activa');
  await expect(facts).toContainText(subscriptionId);
  const invoices = portal.getByTestId('portal-invoices');
  // One price format everywhere, product §2's '€29/mes' (ADR 0015): '€29', not '29,00 €'.
  await expect(invoices).toContainText('€29');
  await expect(invoices).not.toContainText('29,00');
  await expect(invoices).toContainText('Pagada');
  await portal.getByRole('button', { name: 'Cancelar suscripción' }).click();
  const dialog = portal.getByRole('alertdialog', { name: '¿Cancelar la suscripción?' });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expectAccessible(portal);
  await dialog.getByRole('button', { name: 'Sí, cancelar suscripción' }).click();
  await expect(portal.getByTestId('portal-canceled')).toHaveText('Suscripción cancelada');
  await expect(facts).toContainText('Cancelada');
  await expect(portal.getByRole('button', { name: 'Cancelar suscripción' })).toHaveCount(0);

  // Back in the first tab: trial ended again, and the banner is back on the dashboard.
  await returnTo(page);
  await expect(page.getByRole('region', { name: 'Prueba finalizada' })).toBeVisible();
  // The plan is for sale again, and the old pending-payment notice does not come back.
  await expect(page.getByRole('button', { name: 'Elegir Mensual' })).toBeVisible();
  await expect(page.getByTestId('billing-pending-payment')).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(banner).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear nuevo análisis' })).toBeDisabled();

  // The server enforces it too.
  const refused = await page.request.post('/api/v1/analysis', {
    data: {
      name: 'Sin suscripción',
      url: 'https://example.com',
      maxNumberOfParticipants: 5,
      scenario: 'null',
      tasks: [{ taskType: 'text', taskContent: 'Mira la portada' }],
      device: 'computer',
    },
  });
  expect(refused.status()).toBe(402);
});

test('an unknown checkout session says so', async ({ page }) => {
  await customerOnDashboard(page);
  await page.goto('/billing/checkout/cs_local_does_not_exist');
  await expect(page.getByRole('heading', { name: 'Sesión de pago no encontrada' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
});
