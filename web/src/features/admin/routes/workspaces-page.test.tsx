/** The admin area's teams (ADR 0019): nav link, rows with seats, subscription and members, search in the URL. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, fakeApi, renderApp } from '@/app/test-utils';
import type { AdminWorkspaceDto } from '@/lib/api-types/AdminWorkspaceDto';

const workspace = (overrides: Partial<AdminWorkspaceDto>): AdminWorkspaceDto => ({
  id: 'w1',
  name: 'Equipo de UX',
  createdAt: new Date(2024, 5, 1, 9, 5).getTime(),
  personal: false,
  seats: 2,
  paidSeats: 2,
  subscriptionStatus: 'active',
  members: [
    { userId: 'u1', email: 'olga@x.es', name: null, role: 'owner' },
    { userId: 'u2', email: 'ana@x.es', name: null, role: 'researcher' },
    { userId: 'u3', email: 'bruno@x.es', name: null, role: 'observer' },
  ],
  ...overrides,
});

function fakeWorkspacesApi(list: AdminWorkspaceDto[]) {
  return fakeApi(({ url }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/v1/auth/session') return { status: 200, body: { user: aUser('admin', 'root@x.es') } };
    if (pathname !== '/api/v1/admin/workspaces') return undefined;
    const q = (searchParams.get('q') ?? '').toLowerCase();
    const matching = list.filter((w) => w.name.toLowerCase().includes(q) || w.members.some((m) => m.email.includes(q)));
    return { status: 200, body: { workspaces: matching, total: matching.length, page: 1, pageSize: 25 } };
  });
}

describe('admin workspaces page', () => {
  it('lists each team with its owner, members, seats and subscription; searches by name or e-mail', async () => {
    const calls = fakeWorkspacesApi([
      workspace({}),
      workspace({
        id: 'wu9',
        name: 'zoe@x.es',
        personal: true,
        seats: 1,
        paidSeats: null,
        subscriptionStatus: null,
        members: [{ userId: 'u9', email: 'zoe@x.es', name: null, role: 'owner' }],
      }),
    ]);
    const router = renderApp('/admin/workspaces');
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    expect(within(nav).getByRole('link', { name: 'Equipos' }).getAttribute('aria-current')).toBe('page');

    const rows = await screen.findAllByTestId('workspace-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('Equipo de UX');
    expect(first.textContent).toContain('olga@x.es');
    expect(first.textContent).toContain('3 miembros');
    expect(first.textContent).toContain('2 (pagados: 2)');
    expect(first.textContent).toContain('active');
    expect(within(first).getByText('3 miembros').closest('details')?.textContent).toContain('bruno@x.es · Observador');
    expect((rows[1] as HTMLElement).textContent).toContain('Personal');
    expect((rows[1] as HTMLElement).textContent).toContain('Sin suscripción');
    expect(screen.getByTestId('workspaces-total').textContent).toBe('2 equipos');

    fireEvent.change(screen.getByLabelText('Buscar por nombre o e-mail de un miembro'), { target: { value: 'ana@x' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana%40x'));
    await waitFor(() => expect(screen.getAllByTestId('workspace-row')).toHaveLength(1));
    expect(calls.at(-1)?.url).toContain('q=ana%40x');
  });
});
