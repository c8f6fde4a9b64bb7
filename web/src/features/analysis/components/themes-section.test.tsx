/**
 * 'Temas' (issue 47, ADR 0021): each state's message, the themes with their counts and quotes, a
 * quote's link to the player at its second, 'Crear clip' (the quote ±2 s), 'Crear reel' with a link
 * to the reel, 'Regenerar'; observers read only.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, sessionClient } from '@/app/test-utils';
import { ThemesSection } from '@/features/analysis/components/themes-section';
import type { AnalysisThemesResponse } from '@/lib/api-types/AnalysisThemesResponse';
import type { EntrySummaryDto } from '@/lib/api-types/EntrySummaryDto';
import type { TeamRoleName } from '@/lib/api-types/TeamRoleName';

const THEMES_URL = '/api/v1/analysis/an-1/themes';

const quote = (entryId: string, participant: number, taskNumber: number | null, startMs: number, text: string) => ({
  entryId,
  participant: `Participante ${participant}`,
  taskNumber,
  startMs,
  endMs: startMs + 2_800,
  text,
});

const complete = (overrides: Partial<AnalysisThemesResponse> = {}): AnalysisThemesResponse => ({
  status: 'complete',
  themes: [
    {
      title: 'No encuentran el carrito',
      text: 'Varios participantes buscan el carrito sin verlo.',
      participations: 4,
      quotes: [
        quote('e1', 1, 1, 1_000, 'No veo el carrito.'),
        quote('e3', 3, 2, 12_450, 'No encuentro el botón de pagar.'),
      ],
    },
    {
      title: 'El precio confunde',
      text: 'El precio final sorprende.',
      participations: 2,
      quotes: [quote('e2', 2, null, 65_900, '¿Y estos gastos?'), quote('e4', 4, 1, 3_000, 'Es más caro.')],
    },
  ],
  summarised: 6,
  droppedThemes: 0,
  model: '@cf/meta/llama',
  promptVersion: 1,
  createdAt: 1,
  ...overrides,
});

const entry = (id: string, durationMs: number | null): EntrySummaryDto =>
  ({ id, participantNumber: 1, status: 'submitted', durationMs, noteCount: 0 }) as unknown as EntrySummaryDto;

const ENTRIES = [entry('e1', 18_000), entry('e2', 69_000), entry('e3', 16_000), entry('e4', null)];

function renderSection(role: TeamRoleName = 'owner') {
  const router = createMemoryRouter(
    [
      { path: '/analysis/:id', element: <ThemesSection analysisId="an-1" entries={ENTRIES} /> },
      { path: '/entry/:id', element: <p>player</p> },
    ],
    { initialEntries: ['/analysis/an-1?tab=results'] },
  );
  render(
    <QueryClientProvider client={sessionClient(role)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const answering = (themes: AnalysisThemesResponse) =>
  fakeApi((call) => (call.url === THEMES_URL && call.method === 'GET' ? { status: 200, body: themes } : undefined));

const stateText = async () => (await screen.findByTestId('themes-state')).textContent;

describe("'Temas' on the analysis's results", () => {
  it.each([
    ['unavailable', 'Resúmenes no disponibles en este servidor'],
    ['disabled', 'Este análisis no tiene activados los resúmenes con IA'],
    ['waiting', 'Los temas aparecen cuando hay al menos dos participaciones resumidas'],
    ['none', 'Aún no hay temas'],
    ['pending', 'Preparando los temas…'],
    ['failed', 'No se pudieron preparar los temas'],
  ] as const)("says what '%s' means", async (status, text) => {
    answering(complete({ status, themes: [], summarised: status === 'waiting' ? 1 : 3 }));
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Temas' })).toBeTruthy();
    await waitFor(async () => expect(await stateText()).toBe(text));
    expect(screen.getByTestId('themes-state').getAttribute('role')).toBe('status');
    // 'Regenerar' where asking again can help; not while they are made or cannot be made.
    const offered = status === 'none' || status === 'failed';
    expect(screen.queryByRole('button', { name: 'Regenerar' }) !== null).toBe(offered);
  });

  it('keeps showing the last themes while new ones are made', async () => {
    answering(complete({ status: 'pending' }));
    renderSection();
    await waitFor(async () => expect(await stateText()).toBe('Actualizando temas…'));
    expect(screen.getAllByTestId('theme')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Regenerar' })).toBeNull();
  });

  it('lists each theme with its counts and quotes, each opening the player at its second', async () => {
    answering(complete({ droppedThemes: 2 }));
    const router = renderSection();
    const themes = await screen.findAllByTestId('theme');
    expect(themes).toHaveLength(2);
    const [first, second] = themes as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('No encuentran el carrito');
    expect(within(first).getByTestId('theme-count').textContent).toBe('4 de 6 participantes');
    expect(within(second).getByTestId('theme-count').textContent).toBe('2 de 6 participantes');
    expect(within(first).getByText('Varios participantes buscan el carrito sin verlo.')).toBeTruthy();
    expect(screen.getAllByText('Generado por IA · revisa las citas')).toHaveLength(1);
    expect(screen.getByTestId('themes-dropped').textContent).toBe(
      '2 temas descartados: sin citas de dos participantes',
    );

    const quotes = within(first).getByRole('list', { name: 'Citas de «No encuentran el carrito»' });
    const links = within(quotes).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '«No veo el carrito.»Participante 1 · Tarea 1 · 00:01',
      '«No encuentro el botón de pagar.»Participante 3 · Tarea 2 · 00:12',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/entry/e1?t=1', '/entry/e3?t=12']);
    // 'Descargar en Markdown': the same themes, each quote a link to the player at its second.
    const markdown = decodeURIComponent(
      screen.getByTestId('themes-markdown').getAttribute('href')!.replace('data:text/markdown;charset=utf-8,', ''),
    );
    expect(markdown).toContain('## No encuentran el carrito\n\n4 de 6 participantes');
    expect(markdown).toContain(`(${window.location.origin}/entry/e3?t=12) «No encuentro el botón de pagar.»`);
    // A quote outside the tasks says no task.
    expect(within(second).getAllByRole('link')[0]?.textContent).toBe('«¿Y estos gastos?»Participante 2 · 01:05');
    fireEvent.click(links[1]!);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/entry/e3?t=12'),
    );
  });

  it('says one dropped theme in the singular', async () => {
    answering(complete({ droppedThemes: 1 }));
    renderSection();
    expect((await screen.findByTestId('themes-dropped')).textContent).toBe(
      '1 tema descartado: sin citas de dos participantes',
    );
  });

  it("'Crear clip' makes a clip of the quote ±2 s, titled as the theme, within the recording", async () => {
    const calls = fakeApi((call) => {
      if (call.url === THEMES_URL) return { status: 200, body: complete() };
      if (call.method === 'POST' && call.url === '/api/v1/entry/e1/notes') return { status: 201, body: { id: 'n1' } };
      if (call.method === 'POST' && call.url === '/api/v1/entry/e3/notes') return { status: 201, body: { id: 'n2' } };
      if (call.method === 'POST')
        return {
          status: 402,
          body: { message: 'Necesitas una suscripción para crear clips', code: 'payment_required' },
        };
      return undefined;
    });
    renderSection();
    const [first, second] = (await screen.findAllByTestId('theme')) as [HTMLElement, HTMLElement];
    const [atStart, nearEnd] = within(first).getAllByTestId('theme-quote') as [HTMLElement, HTMLElement];

    const button = within(atStart).getByRole('button', { name: /^Crear clip/ });
    expect(button.textContent).toContain('Participante 1 · Tarea 1 · 00:01');
    fireEvent.click(button);
    await waitFor(() => expect(within(atStart).getByRole('status').textContent).toBe('Clip creado'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // 1000–3800 ms: from 0 (not before the start) to 5800.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/entry/e1/notes',
        body: { atMs: 0, endMs: 5_800, title: 'No encuentran el carrito', text: 'No veo el carrito.', tags: [] },
      },
    ]);

    // 12450–15250 ms in a 16 s recording: 10450 to its end.
    fireEvent.click(within(nearEnd).getByRole('button', { name: /^Crear clip/ }));
    await waitFor(() => expect(within(nearEnd).getByRole('status').textContent).toBe('Clip creado'));
    expect(calls.filter((call) => call.method === 'POST')[1]?.body).toMatchObject({ atMs: 10_450, endMs: 16_000 });

    // The server's refusal, in its words.
    const refused = within(second).getAllByTestId('theme-quote')[0]!;
    fireEvent.click(within(refused).getByRole('button', { name: /^Crear clip/ }));
    expect((await within(refused).findByRole('alert')).textContent).toBe('Necesitas una suscripción para crear clips');
    expect(calls.filter((call) => call.method === 'POST')[2]?.body).toMatchObject({ atMs: 63_900, endMs: 69_000 });
  });

  it("'Crear reel' makes the theme's reel and links to it", async () => {
    const calls = fakeApi((call) => {
      if (call.url === THEMES_URL) return { status: 200, body: complete() };
      if (call.method === 'POST' && call.url === '/api/v1/analysis/an-1/themes/2/reel')
        return { status: 201, body: { id: 'reel-9', title: 'El precio confunde', clips: [] } };
      return undefined;
    });
    renderSection();
    const second = (await screen.findAllByTestId('theme'))[1]!;
    const button = within(second).getByRole('button', { name: 'Crear reel El precio confunde' });
    fireEvent.click(button);
    const status = await within(second).findByTestId('theme-reel-status');
    await waitFor(() => expect(status.textContent).toBe('Reel creado Ver el reel'));
    expect(status.getAttribute('role')).toBe('status');
    expect(within(status).getByRole('link', { name: 'Ver el reel' }).getAttribute('href')).toBe(
      '/analysis/an-1?tab=notes&reel=reel-9',
    );
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/v1/analysis/an-1/themes/2/reel',
    ]);
  });

  it("'Regenerar' asks for new themes and shows they are being made", async () => {
    const calls = fakeApi((call) => {
      if (call.url !== THEMES_URL) return undefined;
      if (call.method === 'POST') return { status: 202, body: complete({ status: 'pending' }) };
      return { status: 200, body: complete() };
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerar' }));
    await waitFor(async () => expect(await stateText()).toBe('Actualizando temas…'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Regenerar' })).toBeNull();
  });

  it("says why 'Regenerar' was refused", async () => {
    fakeApi((call) => {
      if (call.url !== THEMES_URL) return undefined;
      if (call.method === 'POST')
        return {
          status: 503,
          body: { message: 'Resúmenes no disponibles en este servidor', code: 'summaries_unavailable' },
        };
      return { status: 200, body: complete({ status: 'failed', themes: [] }) };
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerar' }));
    expect((await screen.findByTestId('themes-regenerate-error')).textContent).toContain(
      'Resúmenes no disponibles en este servidor',
    );
  });

  it("observers read the themes and their quotes, with no 'Regenerar', 'Crear clip' or 'Crear reel'", async () => {
    answering(complete());
    renderSection('observer');
    const themes = await screen.findAllByTestId('theme');
    expect(themes).toHaveLength(2);
    expect(screen.getAllByTestId('theme-quote-link')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Regenerar' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Crear clip/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Crear reel/ })).toBeNull();
  });
});
