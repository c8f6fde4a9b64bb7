/** The signed-in shell: session check with redirect, e-mail, nav, burger and logout; the /admin guard. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, fakeApi, renderApp } from '@/app/test-utils';

const signedIn = (role = 'customer') =>
  fakeApi(({ url, method }) => {
    if (url === '/api/v1/auth/session') return { status: 200, body: aSession(role) };
    if (method === 'POST' && url === '/api/v1/auth/logout') return { status: 200, body: { message: 'bye' } };
    return undefined;
  });

describe('app shell', () => {
  it('redirects to /auth/login when there is no session', async () => {
    fakeApi(({ url }) =>
      url === '/api/v1/auth/session' ? { status: 401, body: { message: 'no', code: 'unauthorized' } } : undefined,
    );
    const router = renderApp('/dashboard');

    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the user's e-mail, the side navigation and a burger that controls it", async () => {
    signedIn();
    renderApp('/user/profile');

    expect((await screen.findByTestId('shell-user-email')).textContent).toBe('ana@example.com');
    const nav = screen.getByRole('navigation', { name: 'Tu cuenta' });
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getAllByRole('link', { name: 'Cambiar contraseña' })[0]?.getAttribute('href')).toBe('/user/profile');

    const burger = screen.getByRole('button', { name: 'Abrir menú' });
    expect(burger.getAttribute('aria-controls')).toBe(nav.id);
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(nav.getAttribute('data-open')).toBe('true');
    fireEvent.keyDown(screen.getByRole('link', { name: 'Dashboard' }), { key: 'Escape' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(burger);
  });

  it("links 'Facturación' and marks the current section on nested routes", async () => {
    signedIn();
    renderApp('/analysis/create');

    const nav = await screen.findByRole('navigation', { name: 'Tu cuenta' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    expect(link('Facturación').getAttribute('href')).toBe('/user/billing');
    expect(link('Dashboard').getAttribute('aria-current')).toBe('page');
    expect(link('Facturación').getAttribute('aria-current')).toBeNull();
    expect(link('Cambiar contraseña').getAttribute('aria-current')).toBeNull();

    fireEvent.click(link('Facturación'));
    await waitFor(() => expect(link('Facturación').getAttribute('aria-current')).toBe('page'));
    expect(link('Dashboard').getAttribute('aria-current')).toBeNull();
  });

  it('logs out and goes to /', async () => {
    const calls = signedIn();
    const router = renderApp('/dashboard');

    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

    // '/' is a prerendered page, not the app's (ADR 0011): the router hands it to the browser as
    // a page load (which jsdom does not perform) and waits for the page to go.
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/'));
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/v1/auth/logout')).toBe(true);
  });

  it('refuses a customer on /admin and lets an admin in', async () => {
    signedIn('customer');
    renderApp('/admin');
    expect((await screen.findByTestId('admin-refusal')).textContent).toContain(
      'User is not authorized to view this page - please log in again',
    );
  });

  it('lets an admin see the admin screen', async () => {
    signedIn('admin');
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Administración' })).toBeTruthy();
    expect(screen.queryByTestId('admin-refusal')).toBeNull();
  });

  it('sends /admin without a session to /auth/login', async () => {
    fakeApi(() => ({ status: 401, body: { message: 'no', code: 'unauthorized' } }));
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });
});
