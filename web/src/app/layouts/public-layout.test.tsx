/** The public layout: the header links and buttons of product §2 Public layout, and the footer (language switching: site/site.test.ts). */
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PublicLayout } from '@/app/layouts/public-layout';

function renderPublicLayout() {
  const router = createMemoryRouter([{ Component: PublicLayout, children: [{ index: true, element: null }] }]);
  render(<RouterProvider router={router} />);
}

describe('public layout', () => {
  it('shows the product §2 header in Spanish by default, and starts its behaviour', async () => {
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
    // The phone menu works once the site's script, which the layout loads, has started it.
    await import('@/site/start');
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    await waitFor(() => {
      toggle.click();
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
    });
  });
});
