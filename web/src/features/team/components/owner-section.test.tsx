/** The owner's steps on 'Equipo' (ADR 0019): passing ownership on after confirming, deleting a team with its name typed. */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/app/test-utils';
import { OwnerSection } from '@/features/team/components/owner-section';
import type { MemberDto } from '@/lib/api-types/MemberDto';
import { createQueryClient } from '@/lib/query-client';

const member = (userId: string, email: string, role: MemberDto['role']): MemberDto => ({
  userId,
  name: null,
  email,
  role,
  joinedAt: 1,
});
const members = [member('u1', 'olga@example.com', 'owner'), member('u2', 'ana@example.com', 'observer')];
const workspace = { id: 'team1', name: 'Equipo UX', role: 'owner' as const };

function renderSection(personal = false, onTransferred = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/team',
        element: (
          <OwnerSection workspace={workspace} members={members} personal={personal} onTransferred={onTransferred} />
        ),
      },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/team'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, onTransferred };
}

describe('owner section', () => {
  it('passes ownership on to the chosen member after confirming', async () => {
    const calls = fakeApi((call) =>
      call.url === '/api/v1/team/owner' ? { status: 200, body: { ...members[1], role: 'owner' } } : undefined,
    );
    const { onTransferred } = renderSection();
    expect((screen.getByLabelText('Nueva persona propietaria') as HTMLSelectElement).value).toBe('u2');
    fireEvent.click(screen.getByRole('button', { name: 'Transferir la propiedad' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(onTransferred).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/v1/team/owner')?.body).toEqual({ userId: 'u2' });
  });

  it('deletes the team only with its name typed, and shows the server’s refusal', async () => {
    const calls = fakeApi((call) => {
      if (call.url !== '/api/v1/workspaces/team1/delete') return undefined;
      const ok = (call.body as { name: string }).name === 'Equipo UX';
      return ok
        ? { status: 200, body: { message: 'Equipo eliminado' } }
        : {
            status: 409,
            body: {
              code: 'workspace_name_mismatch',
              message: 'Escribe el nombre del equipo tal como aparece para confirmar',
            },
          };
    });
    const { router } = renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el equipo' }));
    const input = await screen.findByLabelText('Escribe «Equipo UX» para confirmar');
    fireEvent.change(input, { target: { value: 'Equipo' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Eliminar el equipo' }).at(-1) as HTMLElement);
    expect((await screen.findByTestId('delete-team-error')).textContent).toBe(
      'Escribe el nombre del equipo tal como aparece para confirmar',
    );
    fireEvent.change(input, { target: { value: 'Equipo UX' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Eliminar el equipo' }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.filter((c) => c.url === '/api/v1/workspaces/team1/delete')).toHaveLength(2);
  });

  it('offers no deletion of a personal workspace, and says why', () => {
    fakeApi(() => undefined);
    renderSection(true);
    expect(screen.queryByRole('button', { name: 'Eliminar el equipo' })).toBeNull();
    expect(screen.getByTestId('team-personal-note').textContent).toContain('se elimina con tu cuenta');
  });
});
