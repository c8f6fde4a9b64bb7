/** Change password: required fields, the server's success message, and each failure rule of product §8. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, fakeApi, fillAndSubmit, renderApp } from '@/app/test-utils';

function api(update: { status: number; body?: unknown }) {
  return fakeApi(({ url, method }) => {
    if (url === '/api/v1/auth/session') return { status: 200, body: aSession() };
    if (method === 'PATCH' && url === '/api/v1/auth/update-user-password') return update;
    return undefined;
  });
}

async function submit() {
  await fillAndSubmit({ 'Contraseña actual': 'vieja clave', 'Nueva contraseña': 'nueva clave' }, 'Cambiar contraseña');
}

describe('profile page', () => {
  it('requires both fields', async () => {
    const calls = api({ status: 200, body: { message: 'ok' } });
    renderApp('/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Introduce tu contraseña actual')).toBeTruthy();
    expect(screen.getByText('Introduce la nueva contraseña')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('shows the server message on success and sends both passwords', async () => {
    const calls = api({ status: 200, body: { message: 'Contraseña actualizada correctamente' } });
    renderApp('/user/profile');
    await submit();
    expect((await screen.findByRole('status')).textContent).toBe('Contraseña actualizada correctamente');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      currentPassword: 'vieja clave',
      newPassword: 'nueva clave',
    });
  });

  it.each([
    [
      { status: 401, body: { message: 'La contraseña actual no es correcta', code: 'wrong_current_password' } },
      ['La contraseña actual no es correcta'],
    ],
    [
      { status: 422, body: { message: 'La nueva contraseña no es válida', code: 'weak_password' } },
      ['La nueva contraseña no es válida'],
    ],
    [{ status: 500, body: { message: 'x', code: 'internal' } }, ['An unexpected error occurred. Please try again.']],
    [{ status: 400, body: 'oops' }, ['An unexpected error occurred. Please try again.']],
  ])('shows the right error for %o', async (answer, texts) => {
    api(answer);
    renderApp('/user/profile');
    await submit();
    const alert = await screen.findByRole('alert');
    for (const text of texts) expect(alert.textContent).toContain(text);
  });
});
