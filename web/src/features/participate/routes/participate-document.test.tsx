/**
 * The participation page as a document of its own (participate-main.tsx, ADR 0011): what the app's
 * root route and layout gave it before, without a router: the title and description, the language
 * picker, the skip link, the interactive mark, and a plain logo link to the landing page.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/app/test-utils';
import { renderParticipatePage } from '@/features/participate/test/render-page';

beforeEach(() => {
  delete document.documentElement.dataset.interactive;
  fakeApi(() => undefined);
});

describe('participation page document', () => {
  it('has the page title, the default description, the skip link and the interactive mark', async () => {
    renderParticipatePage('/participate/an-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Participar en un análisis' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(document.title).toBe('Participar en un análisis · Lupa');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Lupa: pruebas de usabilidad remotas/,
    );
    expect(screen.getByRole('link', { name: 'Saltar al contenido' }).getAttribute('href')).toBe('#main');
    expect(document.querySelector('main#main')).toBeTruthy();
    expect(document.documentElement.dataset.interactive).toBe('true');
    expect(screen.getByRole('link', { name: 'Lupa, ir a la portada' }).getAttribute('href')).toBe('/');
  });

  it('switches to English with the language picker, title included, and remembers it', async () => {
    renderParticipatePage('/participate');
    await screen.findByRole('heading', { level: 1, name: 'Participar en un análisis' }, { timeout: 5000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Take part in an analysis' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Take part in an analysis · Lupa'));
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('lupa.lang')).toBe('en');
  });
});
