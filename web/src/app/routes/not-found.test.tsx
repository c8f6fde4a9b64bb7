/** Unknown URLs reach the not-found screen: product §2's title and a link back to '/'. */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { i18n } from '@/lib/i18n';

function renderAt(url: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);
}

describe('not-found screen', () => {
  it('renders the title and a link home for an unknown URL', async () => {
    renderAt('/no/such/place');

    expect(await screen.findByRole('heading', { level: 1, name: 'You have found a secret place.' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Take me back to home page' });
    expect(link.getAttribute('href')).toBe('/');
  });

  it('keeps the same verbatim strings in English and sets the page title', async () => {
    await i18n.changeLanguage('en');
    renderAt('/nope');

    expect(await screen.findByRole('heading', { level: 1, name: 'You have found a secret place.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take me back to home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found · Lupa');
  });
});
