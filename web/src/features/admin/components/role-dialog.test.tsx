/** The role dialog: opened from the table, focus handling, PATCH on save, refusals kept in the dialog. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/app/test-utils';
import { anAdminUser, fakeAdminApi } from '@/features/admin/testing/fake-admin-api';

async function openDialog() {
  const trigger = await screen.findByRole('button', { name: 'Editar ana@x.es' }, { timeout: 5000 });
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole('dialog', { name: 'Cambiar rol' }) };
}

describe('role dialog', () => {
  it('focuses the role select, cycles Tab inside, and Escape returns focus to Editar', async () => {
    fakeAdminApi();
    renderApp('/admin');
    const { trigger, dialog } = await openDialog();

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('ana@x.es');
    const select = within(dialog).getByRole('combobox', { name: 'Rol' }) as HTMLSelectElement;
    expect(document.activeElement).toBe(select);
    expect(select.value).toBe('customer');
    expect(Array.from(select.options, (option) => [option.value, option.text])).toEqual([
      ['admin', 'Administrador'],
      ['customer', 'Cliente'],
    ]);

    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(select);
    fireEvent.keyDown(select, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('saves the new role with PATCH and shows it in the table', async () => {
    const { calls } = fakeAdminApi();
    renderApp('/admin');
    const { trigger, dialog } = await openDialog();

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Rol' }), { target: { value: 'admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/v1/admin/users/u-ana',
      body: { role: 'admin' },
    });
    const row = screen.getByTestId('user-row');
    expect(row.getAttribute('data-role')).toBe('admin');
    expect(within(row).getByText('Administrador')).toBeTruthy();
    expect(screen.getByTestId('admin-notice').textContent).toBe('ana@x.es ahora es Administrador.');
    expect(document.activeElement).toBe(trigger);
  });

  it("shows 'Debe quedar al menos un administrador' in the dialog and keeps it open", async () => {
    fakeAdminApi({
      users: [anAdminUser({ role: 'admin' })],
      patch: { status: 400, body: { message: 'Debe quedar al menos un administrador', code: 'last_admin' } },
    });
    renderApp('/admin');
    const { dialog } = await openDialog();

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Rol' }), { target: { value: 'customer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Debe quedar al menos un administrador');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByTestId('user-row').getAttribute('data-role')).toBe('admin');
  });

  it('Cancelar closes without a request, as does saving the unchanged role', async () => {
    const { calls } = fakeAdminApi();
    renderApp('/admin');
    let { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    ({ dialog } = await openDialog());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
