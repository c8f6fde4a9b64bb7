/** Registration: payload with the fixed customer role, green success, 409/422 messages. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, fakeApi, fillAndSubmit, renderApp } from '@/app/test-utils';

async function submit() {
  await fillAndSubmit({ Email: 'ana@example.com', Contraseña: 'una clave larga' }, 'Crear cuenta');
}

describe('register page', () => {
  it("sends role customer and shows the green success with an 'Iniciar sesión' button to the login page", async () => {
    const calls = fakeApi(({ url }) =>
      url === '/api/v1/auth/register/local/customer' ? { status: 201, body: aSession() } : undefined,
    );
    renderApp('/auth/register');

    await submit();

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Usuario creado correctamente');
    const login = within(status).getByRole('link', { name: 'Iniciar sesión' });
    expect(login.getAttribute('href')).toBe('/auth/login');
    expect(login.className).toContain('button--primary');
    expect(calls[0]?.body).toEqual({ username: 'ana@example.com', password: 'una clave larga', role: 'customer' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('shows the 409 message', async () => {
    fakeApi(() => ({ status: 409, body: { message: 'exists', code: 'email_taken' } }));
    renderApp('/auth/register');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No ha sido posible crear un usuario con este correo electrónico',
    );
  });

  it('shows the 422 message and the typo-preserving internal error', async () => {
    fakeApi(() => ({ status: 422, body: { message: 'bad', code: 'invalid_registration' } }));
    renderApp('/auth/register');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Por favor, proporcione un correo electrónico y contraseña válidos',
    );

    fakeApi(() => ({ status: 500, body: { message: 'boom', code: 'internal' } }));
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'otra clave larga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Error interno, por favor intentálo en unos minutos')).toBeTruthy();
  });
});
