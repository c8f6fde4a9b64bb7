/** The shell's 'Trial ended' banner: only without a subscription, never on /user/billing. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, fakeApi, renderApp } from '@/app/test-utils';

const billing = (paid: boolean) => ({
  billingData: {
    Subscription: paid
      ? [{ id: 'sub_1', status: 'active', plan: 'basic', current_period_end: null, cancel_at_period_end: false }]
      : [],
    stripe_customer_id: null,
    paid,
  },
});

function api(paid: boolean) {
  return fakeApi(({ url }) => {
    if (url === '/api/v1/auth/session') return { status: 200, body: aSession() };
    if (url === '/api/v1/billing') return { status: 200, body: billing(paid) };
    if (url === '/api/v1/analysis') return { status: 200, body: { analyses: [] } };
    return undefined;
  });
}

describe('trial ended banner', () => {
  it('shows without an active subscription, with a link to billing', async () => {
    api(false);
    renderApp('/dashboard');

    const banner = await screen.findByRole('region', { name: 'Trial ended' }, { timeout: 5000 });
    expect(banner.textContent).toContain('Your free trial has ended. Choose a paid plan to continue.');
    expect(screen.getByRole('link', { name: 'Choose plan' }).getAttribute('href')).toBe('/user/billing');
  });

  it('is not shown on the billing screen', async () => {
    const calls = api(false);
    renderApp('/user/billing');

    await screen.findByTestId('shell-user-email');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/billing')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Trial ended' })).toBeNull();
  });

  it('is not shown with an active subscription', async () => {
    const calls = api(true);
    renderApp('/dashboard');

    await screen.findByText('No se han encontrado análisis');
    expect(calls.some((call) => call.url === '/api/v1/billing')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Trial ended' })).toBeNull();
  });
});
