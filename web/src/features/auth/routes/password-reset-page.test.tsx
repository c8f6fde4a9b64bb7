/** The reset screen: token check on load, 'Enlace inválido' states, matching passwords, success. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '@/app/test-utils';

const checkUrl = '/api/v1/auth/password-reset?passwordResetToken=tok123';

describe('password reset page', () => {
  it('says the token is missing without calling the API', async () => {
    const calls = fakeApi(() => undefined);
    renderApp('/auth/password-reset');

    expect(await screen.findByRole('heading', { name: 'Enlace inválido' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No password reset token provided');
    expect(
      screen.getByText(
        'El enlace para restablecer la contraseña es inválido o ha expirado. Por favor, solicita un nuevo enlace.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' }).getAttribute('href')).toBe(
      '/auth/recover-password',
    );
    expect(calls).toEqual([]);
  });

  it('shows the invalid-link screen with the server message when the check fails', async () => {
    fakeApi(({ url }) =>
      url === checkUrl
        ? { status: 400, body: { message: 'Invalid or expired password reset token', code: 'invalid_reset_token' } }
        : undefined,
    );
    renderApp('/auth/password-reset?passwordResetToken=tok123');

    expect(await screen.findByRole('heading', { name: 'Enlace inválido' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired password reset token');
  });

  it('checks passwords match, then shows the server message and a way back to login', async () => {
    const calls = fakeApi(({ method, url }) => {
      if (url === checkUrl) return { status: 200, body: { success: true, message: 'ok' } };
      if (method === 'PATCH' && url === '/api/v1/auth/password-reset') {
        return { status: 200, body: { success: true, message: 'Contraseña actualizada' } };
      }
      return undefined;
    });
    renderApp('/auth/password-reset?passwordResetToken=tok123');

    fireEvent.change(await screen.findByLabelText('Nueva contraseña'), { target: { value: 'nueva clave 1' } });
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: 'nueva clave 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: 'nueva clave 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect((await screen.findByRole('status')).textContent).toContain('Contraseña actualizada');
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe('/auth/login');
    expect(calls.at(-1)?.body).toEqual({
      passwordResetToken: 'tok123',
      newPassword: 'nueva clave 1',
      confirmNewPassword: 'nueva clave 1',
    });
  });

  it("shows 'Failed to update password' when the update fails without a message", async () => {
    fakeApi(({ url, method }) => {
      if (url === checkUrl) return { status: 200, body: { success: true, message: 'ok' } };
      if (method === 'PATCH') return { status: 503, body: 'unavailable' };
      return undefined;
    });
    renderApp('/auth/password-reset?passwordResetToken=tok123');

    fireEvent.change(await screen.findByLabelText('Nueva contraseña'), { target: { value: 'nueva clave 1' } });
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: 'nueva clave 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update password');
  });
});
