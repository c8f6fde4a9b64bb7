/** The waitlist screen: nav link, rows with dates, the CSV export link, empty and refusal states. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/app/test-utils';
import { created, fakeAdminApi, lastLogin, REFUSAL } from '@/features/admin/testing/fake-admin-api';

describe('admin waitlist page', () => {
  it('lists sign-ups with consent and sign-up dates, and links the CSV export', async () => {
    fakeAdminApi({
      waitlist: [
        { id: 'w2', email: 'nueva@x.es', consent_at: lastLogin, created_at: lastLogin },
        { id: 'w1', email: 'vieja@x.es', consent_at: created, created_at: created },
      ],
    });
    renderApp('/admin/waitlist');

    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    const link = within(nav).getByRole('link', { name: 'Lista de espera' });
    expect(link.getAttribute('href')).toBe('/admin/waitlist');
    expect(link.getAttribute('aria-current')).toBe('page');

    const table = await screen.findByRole('table', { name: 'Lista de espera' }, { timeout: 5000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'Consentimiento', 'Fecha de alta']);
    const rows = within(table).getAllByTestId('waitlist-row');
    expect(Array.from((rows[0] as HTMLElement).querySelectorAll('th, td'), (cell) => cell.textContent)).toEqual([
      'nueva@x.es',
      '1/6/24, 9:05',
      '1/6/24, 9:05',
    ]);
    expect(rows[1]?.textContent).toContain('vieja@x.es');
    expect(screen.getByTestId('waitlist-total').textContent).toBe('2 personas apuntadas');

    const exportLink = screen.getByRole('link', { name: 'Exportar CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/v1/admin/waitlist/export');
    expect(exportLink.hasAttribute('download')).toBe(true);
  });

  it('shows the empty state', async () => {
    fakeAdminApi({ waitlist: [] });
    renderApp('/admin/waitlist');
    expect((await screen.findByTestId('waitlist-empty', {}, { timeout: 5000 })).textContent).toBe(
      'Todavía no se ha apuntado nadie.',
    );
  });

  it("shows product §8's refusal on 401", async () => {
    fakeAdminApi({ waitlistAnswer: { status: 401, body: { message: REFUSAL, code: 'unauthorized' } } });
    renderApp('/admin/waitlist');
    expect((await screen.findByTestId('admin-load-error', {}, { timeout: 5000 })).textContent).toContain(REFUSAL);
  });
});
