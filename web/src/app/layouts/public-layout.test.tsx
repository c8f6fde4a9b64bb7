/** The public header's language switch re-labels the header, sets <html lang> and persists the choice. */
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PublicLayout } from '@/app/layouts/public-layout';
import { LANGUAGE_STORAGE_KEY } from '@/config/constants';

function renderPublicLayout() {
  const router = createMemoryRouter([{ Component: PublicLayout, children: [{ index: true, element: null }] }]);
  render(<RouterProvider router={router} />);
}

describe('public layout', () => {
  it('shows the spec header in Spanish by default', () => {
    renderPublicLayout();

    for (const [name, href] of [
      ['Home', '/home'],
      ['Terms', '/terminos-condiciones'],
      ['FAQ', '/preguntas-frecuentes'],
      ['Iniciar sesión', '/auth/login'],
      ['Registrate gratis', '/auth/register'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('switches to English, persists the choice and sets <html lang>', async () => {
    renderPublicLayout();

    fireEvent.change(screen.getByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });

    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
