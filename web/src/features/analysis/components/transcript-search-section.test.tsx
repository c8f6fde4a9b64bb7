/**
 * 'Buscar en las transcripciones' (ADR 0018): searched on submit, each result with participant,
 * task, moment and the words around the emphasised match, opening the player at that moment.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/app/test-utils';
import { TranscriptSearchSection } from '@/features/analysis/components/transcript-search-section';
import { createQueryClient } from '@/lib/query-client';

const results = [
  {
    entry_id: 'e1',
    participant: 'Participante 1',
    task_number: 2,
    start_ms: 22_300,
    before: 'ahora ',
    match: 'no encuentro',
    after: ' el botón de pagar',
  },
  {
    entry_id: 'e2',
    participant: 'Participante 4',
    task_number: null,
    start_ms: 1_500,
    before: '',
    match: 'No encuentro',
    after: ' nada',
  },
];

function renderSection() {
  const router = createMemoryRouter(
    [
      { path: '/analysis/:id', element: <TranscriptSearchSection analysisId="an-1" /> },
      { path: '/entry/:id', element: <p>player</p> },
    ],
    { initialEntries: ['/analysis/an-1'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const search = (text: string) => {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Palabras que se dijeron' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
};

describe('transcript search over an analysis', () => {
  it('lists where the words were said and opens the player at that moment', async () => {
    const calls = fakeApi((call) =>
      call.url.startsWith('/api/v1/analysis/an-1/transcript-search') ? { status: 200, body: { results } } : undefined,
    );
    const router = renderSection();
    search('  no encuentro ');
    await waitFor(() => expect(screen.getByTestId('transcript-search-status').textContent).toBe('2 resultados'));
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/analysis/an-1/transcript-search?q=no+encuentro']);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Participante 1Tarea 200:22ahora no encuentro el botón de pagar',
      'Participante 4Fuera de las tareas00:01No encuentro nada',
    ]);
    expect(items[0]?.querySelector('mark')?.textContent).toBe('no encuentro');
    const link = within(items[0]!).getByRole('link', {
      name: 'Abrir la grabación de Participante 1 en 00:22: ahora no encuentro el botón de pagar',
    });
    expect(link.getAttribute('href')).toBe('/entry/e1?t=22.3');
    fireEvent.click(link);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/entry/e1?t=22.3'),
    );
  });

  it('says when nobody said it, and when the search failed', async () => {
    fakeApi((call) =>
      call.url.includes('q=tarjeta')
        ? { status: 200, body: { results: [] } }
        : { status: 422, body: { message: 'La búsqueda debe tener entre 2 y 100 caracteres', code: 'bad_filter' } },
    );
    renderSection();
    search('tarjeta');
    await waitFor(() =>
      expect(screen.getByTestId('transcript-search-status').textContent).toBe(
        'Nadie dijo «tarjeta» en las grabaciones de este análisis.',
      ),
    );
    search('x');
    await waitFor(
      () =>
        expect(screen.getByTestId('transcript-search-status').textContent).toBe(
          'No se ha podido buscar: La búsqueda debe tener entre 2 y 100 caracteres',
        ),
      { timeout: 8000 },
    );
  });
});
