/** The public pages through the route table the build renders: sections, anchors, 17 terms sections, titles and descriptions. */
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { siteRoutes } from '@/app/routes';
import { i18n } from '@/lib/i18n';

function renderAt(url: string) {
  render(
    <AppProviders>
      <RouterProvider router={createMemoryRouter(siteRoutes, { initialEntries: [url] })} />
    </AppProviders>,
  );
}

const description = () => document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('public pages', () => {
  it.each(['/', '/home', '/home/home'])('%s shows every home section with both anchors', async (url) => {
    renderAt(url);

    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback de calidad, en minutos' })).toBeTruthy();
    const steps = document.getElementById('how-it-works')!;
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Crea un análisis', 'Recluta participantes', 'Mejora tus productos']);
    expect(within(screen.getByRole('region', { name: 'Equipos que prueban Lupa' })).getAllByRole('img')).toHaveLength(
      6,
    );
    expect(document.querySelector('video source[type^="video/mp4"]')).not.toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Todo lo que necesitas para investigar con usuarios' })).getAllByRole(
        'heading',
        { level: 3 },
      ),
    ).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Preguntas frecuentes' })).getAllByRole('button')).toHaveLength(9);
    const waitlist = document.getElementById('waitlist-form')!;
    expect(within(waitlist).getByLabelText('Correo electrónico')).toBeTruthy();
    // The title effect runs after the lazily loaded page renders: wait for it, don't race it.
    await waitFor(() => expect(document.title).toBe('Feedback de calidad, en minutos · Lupa'));
    expect(description()).toContain('Pruebas de usabilidad remotas');
  });

  it('the terms page has 17 sections, each linked from the table of contents', async () => {
    renderAt('/terminos-condiciones');

    expect(await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeTruthy();
    const sections = [...document.querySelectorAll('article > section[id]')];
    expect(sections).toHaveLength(17);
    const links = within(screen.getByRole('navigation', { name: 'Índice' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(sections.map((section) => `#${section.id}`));
    expect(sections[16]!.textContent).toContain('Madrid');
    // The title effect runs after the lazily loaded page renders: wait for it, don't race it.
    await waitFor(() => expect(document.title).toBe('Términos y condiciones · Lupa'));
    expect(description()).toContain('Términos y condiciones de Lupa');
  });

  it('the FAQ page is in English too, with its own title and description', async () => {
    await i18n.changeLanguage('en');
    renderAt('/home/preguntas-frecuentes');

    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getAllByRole('button', { expanded: false })).toHaveLength(9);
    // The title effect runs after the lazily loaded page renders: wait for it, don't race it.
    await waitFor(() => expect(document.title).toBe('Frequently asked questions · Lupa'));
    expect(description()).toContain('Frequently asked questions about Lupa');
  });
});
