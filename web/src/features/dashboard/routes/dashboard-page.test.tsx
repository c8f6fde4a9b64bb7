/** The dashboard: the analyses table, empty and error states, and the subscription-gated create button. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, fakeApi, renderApp } from '@/app/test-utils';

const created = new Date(2024, 2, 5, 10, 30).getTime();

const anAnalysis = (overrides: Record<string, unknown> = {}) => ({
  id: 'an-1',
  name: 'Checkout',
  url: 'https://tienda.example.com',
  device: 'computer',
  scenario: null,
  max_number_of_participants: 5,
  status: 'published',
  created_at: created,
  updated_at: created,
  tasks: [{ id: 't1', taskType: 'text', taskContent: 'Compra algo' }],
  _count: { AnalysisEntries: 2 },
  ...overrides,
});

function api({ paid = true, analyses = [anAnalysis()] as unknown[] | null } = {}) {
  return fakeApi(({ url }) => {
    if (url === '/api/v1/auth/session') return { status: 200, body: { user: aUser() } };
    if (url === '/api/v1/billing') return { status: 200, body: { billingData: { Subscription: [], stripe_customer_id: null, paid } } };
    if (url === '/api/v1/analysis') {
      return analyses ? { status: 200, body: { analyses } } : { status: 400, body: { message: 'boom', code: 'bad_request' } };
    }
    return undefined;
  });
}

describe('dashboard page', () => {
  it('lists analyses with the spec columns and values', async () => {
    api({ analyses: [anAnalysis(), anAnalysis({ id: 'an-2', name: 'Registro', device: 'mobile', status: 'completed', _count: { AnalysisEntries: 0 }, max_number_of_participants: 8 })] });
    renderApp('/dashboard');

    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Título', 'URL', 'Dispositivo', 'Participantes', 'Estado', 'Fecha', 'Acciones']);

    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      Array.from((row as HTMLElement).querySelectorAll('th, td'), (cell) => cell.textContent);
    expect(cells(first).slice(0, 6)).toEqual(['Checkout', 'https://tienda.example.com', 'ordenador', '2 / 5', 'publicado', '5/3/24']);
    expect(cells(second).slice(0, 5)).toEqual(['Registro', 'https://tienda.example.com', 'móvil', '0 / 8', 'completado']);

    const details = within(first as HTMLElement).getByRole('link', { name: 'Ver detalles de Checkout' });
    expect(details.getAttribute('href')).toBe('/analysis/an-1');
    expect(within(first as HTMLElement).getByRole('button', { name: 'Copiar enlace de invitación de Checkout' })).toBeTruthy();
  });

  it("shows 'No se han encontrado análisis' without analyses", async () => {
    api({ analyses: [] });
    renderApp('/dashboard');
    expect(await screen.findByText('No se han encontrado análisis')).toBeTruthy();
  });

  it('shows an error alert when the list cannot be loaded', async () => {
    api({ analyses: null });
    renderApp('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain('No se han podido cargar los análisis.');
  });

  it('links the create button to the form with a subscription', async () => {
    api({ paid: true });
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Crear nuevo análisis' });
    expect(link.getAttribute('href')).toBe('/analysis/create');
  });

  it('disables the create button without a subscription and explains why in a tooltip', async () => {
    api({ paid: false });
    const router = renderApp('/dashboard');

    await screen.findByRole('region', { name: 'Trial ended' });
    const button = screen.getByRole('button', { name: 'Crear nuevo análisis' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const tooltip = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.textContent).toBe(
      'An active subscription is required to create a new analysis. Visit Billing to choose a plan.',
    );
    expect(tooltip?.hidden).toBe(true);

    fireEvent.focus(button);
    expect(tooltip?.hidden).toBe(false);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(tooltip?.hidden).toBe(true);
    fireEvent.click(button);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
