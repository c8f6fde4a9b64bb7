/** The dashboard: the analyses table, empty and error states, and the subscription-gated create button. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAnalysis, fakeApi, renderApp, signedInCustomer } from '@/app/test-utils';

const created = new Date(2024, 2, 5, 10, 30).getTime();

const listedAnalysis = (overrides: Record<string, unknown> = {}) =>
  anAnalysis({
    scenario: null,
    created_at: created,
    updated_at: created,
    tasks: [{ id: 't1', taskType: 'text', taskContent: 'Compra algo' }],
    _count: { AnalysisEntries: 2 },
    ...overrides,
  });

function api({ paid = true, analyses = [listedAnalysis()] as unknown[] | null } = {}) {
  return fakeApi(({ url }) => {
    if (url === '/api/v1/analysis') {
      return analyses
        ? { status: 200, body: { analyses } }
        : { status: 400, body: { message: 'boom', code: 'invalid_fields' } };
    }
    return signedInCustomer(url, paid);
  });
}

describe('dashboard page', () => {
  it('lists analyses with the product §2 columns and values', async () => {
    api({
      analyses: [
        listedAnalysis(),
        listedAnalysis({
          id: 'an-2',
          name: 'Registro',
          device: 'mobile',
          status: 'completed',
          _count: { AnalysisEntries: 0 },
          max_number_of_participants: 8,
        }),
      ],
    });
    renderApp('/dashboard');

    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Título', 'URL', 'Dispositivo', 'Participantes', 'Estado', 'Fecha', 'Acciones']);

    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) => Array.from((row as HTMLElement).querySelectorAll('td'));
    const texts = (row: HTMLElement | undefined) => cells(row).map((cell) => cell.textContent);
    expect(texts(first).slice(2, 6)).toEqual(['ordenador', '2 / 5', 'publicado', '5/3/24']);
    expect(texts(second).slice(2, 5)).toEqual(['móvil', '0 / 8', 'completado']);

    // The title links to the analysis.
    const title = within(cells(first)[0] as HTMLElement).getByRole('link');
    expect(title.textContent).toBe('Checkout');
    expect(title.getAttribute('href')).toBe('/analysis/an-1');

    // The URL opens the site in a new tab; its tooltip holds all of it.
    const url = within(cells(first)[1] as HTMLElement).getByRole('link', { name: /^https:\/\/tienda\.example\.com/ });
    expect(url.getAttribute('href')).toBe('https://tienda.example.com');
    expect(url.getAttribute('target')).toBe('_blank');
    expect(document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'https://tienda.example.com',
    );

    const details = within(first as HTMLElement).getByRole('link', { name: 'Ver detalles de Checkout' });
    expect(details.getAttribute('href')).toBe('/analysis/an-1');
    expect(
      within(first as HTMLElement).getByRole('button', { name: 'Copiar enlace de invitación de Checkout' }),
    ).toBeTruthy();
  });

  it('shortens a long URL in the middle and keeps the whole of it in the tooltip', async () => {
    const long = 'https://www.example-shop.com/es/checkout/paso-3';
    api({ analyses: [listedAnalysis({ url: long })] });
    renderApp('/dashboard');

    const row = await screen.findByTestId('analysis-row', {}, { timeout: 5000 });
    const link = within(row).getByRole('link', { name: new RegExp(`^${long.replaceAll('.', '\\.')}`) });
    expect(link.querySelector('.short-url__tail')?.textContent).toBe('/checkout/paso-3');
    const tooltip = document.getElementById(link.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.textContent).toBe(long);
    expect(tooltip.hidden).toBe(true);
    fireEvent.focus(link);
    expect(tooltip.hidden).toBe(false);
  });

  it("shows 'No se han encontrado análisis' without analyses", async () => {
    api({ analyses: [] });
    renderApp('/dashboard');
    const empty = await screen.findByTestId('dashboard-empty', {}, { timeout: 5000 });
    expect(within(empty).getByText('No se han encontrado análisis')).toBeTruthy();
    // The empty state holds the screen's one create action.
    expect(within(empty).getByRole('link', { name: 'Crear nuevo análisis' }).getAttribute('href')).toBe(
      '/analysis/create',
    );
    expect(screen.getAllByRole('link', { name: 'Crear nuevo análisis' })).toHaveLength(1);
  });

  it("keeps the empty state's create button disabled, with the tooltip, without a subscription", async () => {
    api({ analyses: [], paid: false });
    renderApp('/dashboard');
    const empty = await screen.findByTestId('dashboard-empty', {}, { timeout: 5000 });
    const button = await within(empty).findByRole('button', { name: 'Crear nuevo análisis' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'An active subscription is required to create a new analysis. Visit Billing to choose a plan.',
    );
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
    const button = await screen.findByRole('button', { name: 'Crear nuevo análisis' });
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
