/** The admin users screen: loading, table, empty and error states, search, paging and deleting. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/app/test-utils';
import { anAdminUser, fakeAdminApi, lastLogin, REFUSAL } from '@/features/admin/testing/fake-admin-api';

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);
const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/v1/admin/?'));

describe('admin users page', () => {
  it('shows a spinner, then the table with the product §2 columns and values', async () => {
    fakeAdminApi({
      users: [
        anAdminUser(),
        anAdminUser({ id: 'u-root', email: 'root@x.es', role: 'admin', last_login_at: lastLogin }),
      ],
    });
    renderApp('/admin');

    expect(await screen.findByRole('status')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Usuarios de Lupa' }, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'Rol', 'Email', 'Último acceso', 'Creado', 'Acciones']);

    const [ana, root] = within(table).getAllByTestId('user-row');
    expect(cells(ana as HTMLElement).slice(0, 5)).toEqual(['u-ana', 'Cliente', 'ana@x.es', 'Nunca', '5/3/24, 10:30']);
    expect(cells(root as HTMLElement).slice(0, 5)).toEqual([
      'u-root',
      'Administrador',
      'root@x.es (tú)',
      '1/6/24, 9:05',
      '5/3/24, 10:30',
    ]);
    expect(within(ana as HTMLElement).getByRole('button', { name: 'Editar ana@x.es' })).toBeTruthy();
    expect(within(ana as HTMLElement).getByRole('button', { name: 'Eliminar ana@x.es' })).toBeTruthy();
    expect(screen.getByTestId('users-total').textContent).toBe('2 usuarios');
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Páginas de usuarios' })).toBeNull();
  });

  it('shows the empty state', async () => {
    fakeAdminApi({ users: [] });
    renderApp('/admin');
    expect((await screen.findByTestId('users-empty')).textContent).toBe('No se han encontrado usuarios');
  });

  it("shows product §8's refusal with a login link when the API answers 403", async () => {
    fakeAdminApi({ list: { status: 403, body: { message: REFUSAL, code: 'not_admin' } } });
    renderApp('/admin');
    const alert = await screen.findByTestId('admin-load-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(REFUSAL);
    expect(within(alert).getByRole('link', { name: 'Iniciar sesión de nuevo' }).getAttribute('href')).toBe(
      '/auth/login',
    );
  });

  it("shows the server's message and a retry button on other errors", async () => {
    const { calls } = fakeAdminApi({
      list: { status: 400, body: { message: 'Parámetros no válidos', code: 'bad_filter' } },
    });
    renderApp('/admin');
    const alert = await screen.findByTestId('admin-load-error');
    expect(alert.textContent).toContain('Parámetros no válidos');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('searches by e-mail after the typing stops, and back to page 1', async () => {
    const { calls } = fakeAdminApi({
      users: [anAdminUser(), anAdminUser({ id: 'u-bea', email: 'bea@y.es' })],
    });
    const router = renderApp('/admin?page=1');
    await screen.findAllByTestId('user-row', {}, { timeout: 5000 });

    const box = screen.getByRole('searchbox', { name: 'Buscar por e-mail' });
    fireEvent.change(box, { target: { value: 'b' } });
    fireEvent.change(box, { target: { value: 'bea' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(screen.getByTestId('user-email').textContent).toBe('bea@y.es');
    // Debounced: one request for the final text, none for 'b'.
    expect(listCalls(calls).map((call) => call.url)).toEqual([
      '/api/v1/admin/?page=1&pageSize=50',
      '/api/v1/admin/?page=1&pageSize=50&q=bea',
    ]);
    expect(router.state.location.search).toBe('?q=bea');

    fireEvent.change(box, { target: { value: 'nadie' } });
    expect((await screen.findByTestId('users-empty')).textContent).toBe('Ningún usuario coincide con «nadie»');
  });

  it("pages with Anterior / Siguiente and shows 'Página X de Y'", async () => {
    const many = Array.from({ length: 120 }, (_, i) => anAdminUser({ id: `u-${i}`, email: `user${i}@x.es` }));
    const { calls } = fakeAdminApi({ users: many });
    renderApp('/admin');

    const pager = await screen.findByRole('navigation', { name: 'Páginas de usuarios' }, { timeout: 5000 });
    expect(within(pager).getByText('Página 1 de 3')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(within(pager).getByText('Página 2 de 3')).toBeTruthy());
    await waitFor(() => expect(screen.getAllByTestId('user-email')[0]?.textContent).toBe('user50@x.es'));
    expect(listCalls(calls).at(-1)?.url).toBe('/api/v1/admin/?page=2&pageSize=50');
    fireEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(within(pager).getByText('Página 3 de 3')).toBeTruthy());
    expect((within(pager).getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes a user after a confirmation that names the e-mail and warns about recordings', async () => {
    const { calls } = fakeAdminApi({ users: [anAdminUser(), anAdminUser({ id: 'u-bea', email: 'bea@y.es' })] });
    renderApp('/admin');
    const trigger = await screen.findByRole('button', { name: 'Eliminar ana@x.es' }, { timeout: 5000 });
    fireEvent.click(trigger);

    const dialog = screen.getByRole('alertdialog', { name: 'Eliminar usuario' });
    expect(dialog.textContent).toContain('ana@x.es');
    expect(dialog.textContent).toContain('análisis');
    expect(dialog.textContent).toContain('grabaciones');
    // The safe choice has focus; Escape closes and gives focus back.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v1/admin/users/u-ana')).toBe(true);
    expect(screen.getAllByTestId('user-email').map((cell) => cell.textContent)).toEqual(['bea@y.es']);
    expect(screen.getByTestId('admin-notice').textContent).toBe('Se ha eliminado la cuenta ana@x.es.');
    // The trigger's row is gone: focus lands on the section heading, not on <body>.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Usuarios' }));
  });

  it('keeps the delete dialog open with the server message when it is refused', async () => {
    fakeAdminApi({
      remove: { status: 400, body: { message: 'No puedes eliminar tu propia cuenta', code: 'self_delete' } },
    });
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar ana@x.es' }, { timeout: 5000 }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No puedes eliminar tu propia cuenta');
    expect(screen.getAllByTestId('user-row')).toHaveLength(1);
  });
});
