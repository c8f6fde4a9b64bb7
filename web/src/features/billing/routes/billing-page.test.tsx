/** /user/billing: paid and unpaid states, the once-only customer creation, checkout and portal tabs. */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, fakeApi, renderApp, type FakeCall } from '@/app/test-utils';

// The first screen of a file waits for the lazily loaded route chunk, slow on a cold run.
configure({ asyncUtilTimeout: 5000 });

const subscription = {
  id: 'sub_local_42',
  status: 'active',
  plan: 'basic',
  current_period_end: Date.UTC(2030, 5, 12),
  cancel_at_period_end: false,
};

type Answer = { status: number; body?: unknown };

/** `paid` as a function: read at each billing request, for a payment made in another tab meanwhile. */
function api({
  paid,
  customer = 'cus_1',
  checkout,
  portal,
}: {
  paid: boolean | (() => boolean);
  customer?: string | null;
  checkout?: Answer;
  portal?: Answer;
}) {
  let customerId = customer;
  return fakeApi(({ method, url }) => {
    if (url === '/api/v1/auth/session') return { status: 200, body: aSession() };
    if (method === 'GET' && url === '/api/v1/billing') {
      const paidNow = typeof paid === 'function' ? paid() : paid;
      return {
        status: 200,
        body: {
          billingData: {
            Subscription: paidNow ? [subscription] : [],
            stripe_customer_id: customerId,
            paid: paidNow,
            seats: 2,
            nextAmountCents: paidNow ? 5800 : null,
          },
        },
      };
    }
    if (method === 'POST' && url === '/api/v1/billing') {
      customerId = 'cus_new';
      return { status: 200, body: { customerId } };
    }
    if (method === 'POST' && url === '/api/v1/billing/checkout-session') return checkout;
    if (method === 'POST' && url === '/api/v1/billing/customer-portal') return portal;
    return undefined;
  });
}

/** A fake tab returned by window.open, recording where it was sent. */
function fakeTab() {
  const tab = {
    opener: {},
    closed: false,
    close: vi.fn(),
    location: { replace: vi.fn() },
    document: { title: '', body: { textContent: '' } },
  };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

const posts = (calls: FakeCall[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

describe('billing page', () => {
  it('shows the active subscription with its id when paid', async () => {
    const calls = api({ paid: true });
    renderApp('/user/billing');

    const card = await screen.findByRole('region', { name: 'Suscripción actual' });
    expect(within(card).getByText('Activo').className).toContain('badge--success');
    expect(within(card).getByText('sub_local_42')).toBeTruthy();
    // The team's paid seats and what the next invoice comes to (ADR 0019).
    expect(within(card).getByTestId('billing-seats').textContent).toBe('2 asientos');
    expect(within(card).getByTestId('billing-next-amount').textContent).toBe('€58');
    // The plan is the current one: marked so, and not for sale again.
    const plan = screen.getByRole('region', { name: 'Suscripción Mensual' });
    expect(within(plan).getByTestId('billing-plan-current').textContent).toBe('Plan actual');
    expect(within(plan).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elegir Mensual' })).toBeNull();
    expect(screen.queryByText('Prueba finalizada')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Trial ended' })).toBeNull();
    expect(posts(calls, '/api/v1/billing')).toEqual([]);
  });

  it('shows the gray trial-ended notice and the plan when not paid', async () => {
    api({ paid: false });
    renderApp('/user/billing');

    expect(await screen.findByRole('region', { name: 'Prueba finalizada' })).toBeTruthy();
    expect(screen.queryByText('Activo')).toBeNull();
    const plan = screen.getByRole('region', { name: 'Suscripción Mensual' });
    for (const text of ['€29/mes', 'IVA incluido', 'Utiliza la plataforma sin límites.']) {
      expect(within(plan).getByText(text)).toBeTruthy();
    }
    expect(within(plan).getByRole('button', { name: 'Elegir Mensual' })).toBeTruthy();
    expect(within(plan).queryByTestId('billing-plan-current')).toBeNull();
    const invoices = screen.getByRole('region', { name: 'Historial de facturas' });
    expect(within(invoices).getByRole('button', { name: 'Abrir portal del cliente' })).toBeTruthy();
  });

  it('creates the billing customer once when there is neither subscription nor customer, then reloads', async () => {
    const calls = api({ paid: false, customer: null });
    renderApp('/user/billing');

    await waitFor(() => expect(posts(calls, '/api/v1/billing')).toHaveLength(1));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.url === '/api/v1/billing').length,
      ).toBeGreaterThanOrEqual(2),
    );
    expect(posts(calls, '/api/v1/billing')).toHaveLength(1);
  });

  it('sends the monthly plan and opens the checkout in a new tab', async () => {
    const calls = api({
      paid: false,
      checkout: { status: 200, body: { checkoutSessionUrl: 'https://pay.example.com/c/cs_1' } },
    });
    const { tab, open } = fakeTab();
    renderApp('/user/billing');

    fireEvent.click(await screen.findByRole('button', { name: 'Elegir Mensual' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('https://pay.example.com/c/cs_1'));
    expect(posts(calls, '/api/v1/billing/checkout-session')[0]?.body).toEqual({
      planName: 'basic',
      planBillingCycle: 'monthly',
    });
    expect(
      await screen.findByText('Completa el pago en la pestaña nueva. Esta página se actualizará cuando vuelvas.'),
    ).toBeTruthy();
  });

  it('shows the product §8 message when checkout answers 400 (subscribed meanwhile), and closes the empty tab', async () => {
    api({ paid: false, checkout: { status: 400, body: { message: 'otro texto', code: 'already_subscribed' } } });
    const { tab } = fakeTab();
    renderApp('/user/billing');

    fireEvent.click(await screen.findByRole('button', { name: 'Elegir Mensual' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('El usuario ya tiene una suscripción existente, gestiónala en el portal');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('shows the server message for other checkout errors', async () => {
    api({ paid: false, checkout: { status: 400, body: { message: 'Plan no disponible', code: 'unknown_plan' } } });
    fakeTab();
    renderApp('/user/billing');

    fireEvent.click(await screen.findByRole('button', { name: 'Elegir Mensual' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Plan no disponible');
  });

  it('opens the customer portal in a new tab', async () => {
    const calls = api({
      paid: true,
      portal: { status: 200, body: { customerPortalUrl: 'https://pay.example.com/portal' } },
    });
    const { tab } = fakeTab();
    renderApp('/user/billing');

    fireEvent.click(await screen.findByRole('button', { name: 'Abrir portal del cliente' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('https://pay.example.com/portal'));
    expect(posts(calls, '/api/v1/billing/customer-portal')).toHaveLength(1);
  });

  it('refuses to open a non-web URL', async () => {
    api({ paid: false, checkout: { status: 200, body: { checkoutSessionUrl: 'javascript:alert(1)' } } });
    const { tab } = fakeTab();
    renderApp('/user/billing');

    fireEvent.click(await screen.findByRole('button', { name: 'Elegir Mensual' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error interno, por favor inténtalo de nuevo más tarde',
    );
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(tab.close).toHaveBeenCalled();
  });

  it('clears the pending-payment notice and marks the plan current once the subscription is active', async () => {
    let paid = false;
    api({
      paid: () => paid,
      checkout: { status: 200, body: { checkoutSessionUrl: 'https://pay.example.com/c/cs_1' } },
    });
    fakeTab();
    renderApp('/user/billing');

    fireEvent.click(await screen.findByRole('button', { name: 'Elegir Mensual' }));
    expect((await screen.findByTestId('billing-pending-payment')).textContent).toContain(
      'Completa el pago en la pestaña nueva',
    );

    paid = true; // paid in the checkout tab
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(await screen.findByTestId('billing-plan-current')).toBeTruthy();
    expect(screen.queryByTestId('billing-pending-payment')).toBeNull();
    expect(
      screen.queryByText('Completa el pago en la pestaña nueva. Esta página se actualizará cuando vuelvas.'),
    ).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elegir Mensual' })).toBeNull();
  });

  it('polls billing while the checkout tab is open, so a side-by-side tab notices the payment too', async () => {
    let paid = false;
    const calls = api({
      paid: () => paid,
      checkout: { status: 200, body: { checkoutSessionUrl: 'https://pay.example.com/c/cs_1' } },
    });
    fakeTab();
    renderApp('/user/billing');
    fireEvent.click(await screen.findByRole('button', { name: 'Elegir Mensual' }));
    await screen.findByTestId('billing-pending-payment');
    const reads = () => calls.filter((call) => call.method === 'GET' && call.url === '/api/v1/billing').length;
    const before = reads();

    paid = true; // no focus or visibility event this time
    await waitFor(() => expect(screen.queryByTestId('billing-pending-payment')).toBeNull(), { timeout: 8000 });
    expect(reads()).toBeGreaterThan(before);
    expect(screen.getByTestId('billing-plan-current')).toBeTruthy();
  }, 15_000);

  it('re-reads billing when the user comes back to the tab, even while the cache is fresh', async () => {
    let paid = false;
    api({ paid: () => paid });
    renderApp('/user/billing');
    await screen.findByRole('region', { name: 'Prueba finalizada' });

    paid = true; // paid in the checkout tab meanwhile
    // As browsers fire it: at the document, bubbling to window (where TanStack listens).
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(await screen.findByRole('region', { name: 'Suscripción actual' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Prueba finalizada' })).toBeNull();
  });
});
