/** /billing/checkout/:sessionId, the test-mode checkout: pay, cancel, closed sessions and 404. */
import { configure, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, fakeApi, renderApp } from '@/app/test-utils';

// The first screen of a file waits for the lazily loaded route chunk, slow on a cold run.
configure({ asyncUtilTimeout: 5000 });

const session = (status: string) => ({
  id: 'cs_1',
  status,
  planName: 'basic',
  planBillingCycle: 'monthly',
  amountCents: 2900,
  currency: 'eur',
});
type Answer = { status: number; body?: unknown };

function api(get: Answer, actions: { pay?: Answer; cancel?: Answer } = {}) {
  return fakeApi(({ method, url }) => {
    if (url === '/api/v1/auth/session') return { status: 200, body: aSession() };
    if (method === 'GET' && url === '/api/v1/billing/local/checkout/cs_1') return get;
    if (method === 'POST' && url === '/api/v1/billing/local/checkout/cs_1/pay') return actions.pay;
    if (method === 'POST' && url === '/api/v1/billing/local/checkout/cs_1/cancel') return actions.cancel;
    if (method === 'GET' && url === '/api/v1/billing')
      return {
        status: 200,
        body: {
          billingData: { Subscription: [], stripe_customer_id: 'c', paid: true, seats: 1, nextAmountCents: null },
        },
      };
    return undefined;
  });
}

describe('checkout page (test mode)', () => {
  it('shows the test-mode notice and the plan, and pays', async () => {
    const calls = api(
      { status: 200, body: session('open') },
      { pay: { status: 200, body: { message: 'Pago completado (modo de prueba)' } } },
    );
    renderApp('/billing/checkout/cs_1');

    const pay = await screen.findByRole('button', { name: 'Pagar €29' });
    expect(screen.getByText('Modo de prueba — no se realizará ningún cargo')).toBeTruthy();
    for (const text of ['Suscripción Mensual', '€29/mes', 'IVA incluido']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();

    fireEvent.click(pay);
    const outcome = await screen.findByTestId('checkout-outcome');
    expect(outcome.textContent).toContain('Pago completado');
    expect(outcome.textContent).toContain('Puedes cerrar esta pestaña');
    expect(screen.getByRole('link', { name: 'Volver a facturación' }).getAttribute('href')).toBe('/user/billing');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('cancels', async () => {
    api({ status: 200, body: session('open') }, { cancel: { status: 200, body: { message: 'Pago cancelado' } } });
    renderApp('/billing/checkout/cs_1');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect((await screen.findByTestId('checkout-outcome')).textContent).toContain('Pago cancelado');
  });

  it('shows the server message when paying is refused', async () => {
    api(
      { status: 200, body: session('open') },
      {
        pay: {
          status: 409,
          body: {
            message: 'El usuario ya tiene una suscripción existente, gestiónala en el portal',
            code: 'checkout_already_subscribed',
          },
        },
      },
    );
    renderApp('/billing/checkout/cs_1');

    fireEvent.click(await screen.findByRole('button', { name: 'Pagar €29' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El usuario ya tiene una suscripción existente, gestiónala en el portal',
    );
  });

  it.each([
    ['complete', 'Esta sesión de pago ya se ha completado.'],
    ['canceled', 'Esta sesión de pago se ha cancelado.'],
  ])('explains a %s session instead of offering to pay', async (status, text) => {
    api({ status: 200, body: session(status) });
    renderApp('/billing/checkout/cs_1');

    expect((await screen.findByTestId('checkout-outcome')).textContent).toContain(text);
    expect(screen.queryByRole('button', { name: 'Pagar €29' })).toBeNull();
  });

  it('says the session was not found on 404', async () => {
    api({ status: 404, body: { message: 'Not found', code: 'not_found' } });
    renderApp('/billing/checkout/cs_1');

    expect(await screen.findByRole('heading', { name: 'Sesión de pago no encontrada' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Sesión de pago no encontrada');
  });

  it('sends a signed-out visitor to the login', async () => {
    fakeApi(({ url }) =>
      url === '/api/v1/auth/session' ? { status: 401, body: { message: 'no', code: 'unauthorized' } } : undefined,
    );
    const router = renderApp('/billing/checkout/cs_1');

    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
