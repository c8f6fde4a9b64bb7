/** /billing/portal, the test-mode customer portal: subscription, invoices, cancellation with confirmation. */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, fakeApi, renderApp } from '@/app/test-utils';

// The first screen of a file waits for the lazily loaded route chunk, slow on a cold run.
configure({ asyncUtilTimeout: 5000 });

const PERIOD_END = Date.UTC(2030, 5, 12, 12);
const invoice = {
  id: 'in_1',
  amountCents: 2900,
  currency: 'eur',
  status: 'paid',
  periodStart: Date.UTC(2030, 4, 13, 12),
  periodEnd: PERIOD_END,
  createdAt: Date.UTC(2030, 4, 13, 12),
};

function api() {
  let status = 'active';
  const calls = fakeApi(({ method, url }) => {
    if (url === '/api/v1/auth/session') return { status: 200, body: aSession() };
    if (method === 'GET' && url === '/api/v1/billing/local/portal') {
      return {
        status: 200,
        body: {
          subscription: {
            id: 'sub_local_1',
            status,
            plan: 'basic',
            current_period_end: PERIOD_END,
            cancel_at_period_end: false,
          },
          invoices: [invoice],
        },
      };
    }
    if (method === 'POST' && url === '/api/v1/billing/local/portal/cancel') {
      status = 'canceled';
      return { status: 200, body: { message: 'Suscripción cancelada' } };
    }
    return undefined;
  });
  return calls;
}

describe('customer portal (test mode)', () => {
  it('shows the subscription and the invoices', async () => {
    api();
    renderApp('/billing/portal');

    const facts = await screen.findByTestId('portal-subscription');
    expect(within(facts).getByText('Activa')).toBeTruthy();
    expect(within(facts).getByText('12 de junio de 2030')).toBeTruthy();
    expect(within(facts).getByText('sub_local_1')).toBeTruthy();
    expect(screen.getByText('Modo de prueba — no se realizará ningún cargo')).toBeTruthy();

    const row = within(screen.getByTestId('portal-invoices')).getAllByRole('row')[1];
    expect(row?.textContent).toContain('13 may 2030');
    // Product §2's price format, '€29/mes' (ADR 0015): symbol first, no cents on a whole amount.
    expect(row?.textContent).toContain('€29');
    expect(row?.textContent).toContain('Pagada');
  });

  it('cancels after confirmation, and Escape backs out', async () => {
    const calls = api();
    renderApp('/billing/portal');

    const cancel = await screen.findByRole('button', { name: 'Cancelar suscripción' });
    fireEvent.click(cancel);
    let dialog = screen.getByRole('alertdialog', { name: '¿Cancelar la suscripción?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(cancel);
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar suscripción' }));

    expect((await screen.findByTestId('portal-canceled')).textContent).toBe('Suscripción cancelada');
    await waitFor(() => expect(within(screen.getByTestId('portal-subscription')).getByText('Cancelada')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Cancelar suscripción' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver a facturación' }).getAttribute('href')).toBe('/user/billing');
  });
});
