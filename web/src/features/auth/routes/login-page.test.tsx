/** The login screen: client validation, product §8's message per failure, and the redirect by role. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, fakeApi, renderApp } from '@/app/test-utils';

async function submitLogin(email = 'ana@example.com', password = 'una clave larga') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('login page', () => {
  it('requires both fields before calling the API', async () => {
    const calls = fakeApi(() => undefined);
    renderApp('/auth/login');

    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('Introduce tu email')).toBeTruthy();
    expect(screen.getByText('Introduce tu contraseña')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('links to registration and password recovery', async () => {
    renderApp('/auth');
    expect((await screen.findByRole('link', { name: 'Regístrate' })).getAttribute('href')).toBe('/auth/register');
    expect(screen.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).getAttribute('href')).toBe(
      '/auth/recover-password',
    );
  });

  it.each([
    [401, { message: 'x', code: 'invalid_credentials' }, 'La combinación de email y contraseña es incorrecta'],
    [
      429,
      { message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.', code: 'rate_limited' },
      'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    ],
    [500, { message: 'Internal error', code: 'internal' }, 'Error interno, por favor inténtalo de nuevo más tarde'],
    [502, '<html>bad gateway</html>', 'Error interno, por favor inténtalo de nuevo más tarde'],
  ])('shows a red message for %i', async (status, body, text) => {
    fakeApi(({ url }) => (url === '/api/v1/auth/login/local' ? { status, body } : undefined));
    renderApp('/auth/login');

    await submitLogin();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(alert.getAttribute('data-tone')).toBe('error');
  });

  it('shows the yellow participant notice for 403', async () => {
    fakeApi(({ url }) =>
      url === '/api/v1/auth/login/local'
        ? { status: 403, body: { message: 'x', code: 'participant_login' } }
        : undefined,
    );
    renderApp('/auth/login');

    await submitLogin();

    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-tone')).toBe('warning');
    expect(alert.textContent).toContain('Inicio de sesión de participante');
    expect(alert.textContent).toContain('contacta con soporte');
  });

  it.each([
    ['customer', '/dashboard'],
    ['admin', '/admin'],
    ['participant', '/'],
  ])('sends a %s to %s with the trimmed e-mail in the payload', async (role, target) => {
    const calls = fakeApi(({ url }) =>
      url === '/api/v1/auth/login/local' || url === '/api/v1/auth/session'
        ? { status: 200, body: aSession(role) }
        : undefined,
    );
    const router = renderApp('/auth/login');

    await submitLogin(' ana@example.com ', 'una clave larga');

    // '/' is a prerendered page, not the app's (ADR 0011): the router hands it to the browser as a
    // page load (which jsdom does not perform) and waits for the page to go.
    await waitFor(() =>
      expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe(target),
    );
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/v1/auth/login/local',
      body: { username: 'ana@example.com', password: 'una clave larga' },
    });
  });
});
