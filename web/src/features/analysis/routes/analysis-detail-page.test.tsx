/**
 * The analysis detail: its tabs and their addresses, the sticky header, facts, settings, tasks,
 * participations, not-found, edit, close/reopen and delete with confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { anAnalysis, anAnalysisRequest, fakeApi, renderApp, signedInCustomer, type FakeCall } from '@/app/test-utils';

const analysis = (overrides: Record<string, unknown> = {}) => ({
  ...anAnalysis(),
  created_at: new Date(2024, 2, 5, 14, 5).getTime(),
  taskQuestions: true,
  sus: false,
  // Newest first, as the server lists them.
  AnalysisEntries: [
    {
      id: 'entry-2',
      participantNumber: 2,
      status: 'in_progress',
      createdAt: 3,
      updated_at: null,
      durationMs: null,
      noteCount: 0,
      thumbnailUrl: null,
    },
    {
      id: 'entry-1',
      participantNumber: 1,
      status: 'submitted',
      createdAt: 2,
      updated_at: new Date(2024, 2, 6, 9, 0).getTime(),
      durationMs: 65_000,
      noteCount: 3,
      thumbnailUrl: '/api/v1/thumbnails/entry-1?expires=1&sig=x',
    },
  ],
  ...overrides,
});

type Answer = { status: number; body?: unknown } | undefined;

function api(extra: (call: FakeCall) => Answer = () => undefined, data = analysis()) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/v1/analysis' && call.method === 'GET') return { status: 200, body: { analyses: [] } };
    if (call.url === '/api/v1/analysis/an-1' && call.method === 'GET')
      return { status: 200, body: { analysisData: data } };
    // The clips, reels and share links sections (tested in features/insights).
    if (call.url.startsWith('/api/v1/analysis/an-1/notes')) return { status: 200, body: { notes: [], tags: [] } };
    if (call.url === '/api/v1/analysis/an-1/reels') return { status: 200, body: { reels: [] } };
    if (call.url === '/api/v1/analysis/an-1/shares') return { status: 200, body: { shares: [] } };
    // 'Temas' (tested in components/themes-section.test.tsx).
    if (call.url === '/api/v1/analysis/an-1/themes')
      return {
        status: 200,
        body: {
          status: 'waiting',
          themes: [],
          summarised: 1,
          droppedThemes: 0,
          model: null,
          promptVersion: null,
          createdAt: null,
        },
      };
    if (call.url === '/api/v1/analysis/an-1/summary') {
      return {
        status: 200,
        body: {
          tasks: [
            {
              taskNumber: 1,
              taskContent: 'Busca un producto',
              medianMs: 6_000,
              minMs: 6_000,
              maxMs: 6_000,
              entries: 1,
            },
          ],
          entries: [
            {
              id: 'entry-1',
              participantNumber: 1,
              submittedAt: new Date(2024, 2, 6, 9, 0).getTime(),
              durationMs: 65_000,
              noteCount: 3,
            },
          ],
        },
      };
    }
    return signedInCustomer(call.url);
  });
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

describe('analysis detail page', () => {
  it('shows the facts, the tasks in order and the participations', async () => {
    api();
    renderApp('/analysis/an-1');

    expect((await heading()).textContent).toBe('Checkout');
    // PageHeader: the way back to the dashboard above the title, the status beside it.
    expect(screen.getByRole('link', { name: 'Volver al dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('analysis-status').textContent).toContain('publicado');
    expect(screen.getByTestId('analysis-id').textContent).toBe('an-1');
    const link = screen.getByRole('link', { name: /tienda\.example\.com/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Ordenador')).toBeTruthy();
    expect(screen.getByText('Eres un cliente nuevo.')).toBeTruthy();
    expect(screen.getByTestId('analysis-participants').textContent).toBe('1 de 5');
    expect(
      within(screen.getByTestId('analysis-tasks'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Busca un producto', 'Cómpralo']);
    // The invite link is written out in the header, with its copy button.
    const header = screen.getByTestId('analysis-header');
    expect(within(header).getByTestId('analysis-invite-link').textContent).toBe(
      `${window.location.origin}/participate/an-1`,
    );
    expect(within(header).getByRole('button', { name: 'Copiar enlace de invitación' })).toBeTruthy();

    // 'Participantes' is a tab of its own.
    expect(screen.getByRole('tab', { name: 'Resumen' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Participantes' }));
    expect(screen.getByRole('tab', { name: 'Participantes' }).getAttribute('aria-selected')).toBe('true');

    // One table of participations (not a second list of the same recordings below it).
    const table = screen.getByTestId('participations-table');
    await waitFor(() => expect(within(table).getByText('01:05')).toBeTruthy());
    expect(screen.getAllByRole('table').filter((t) => t.textContent?.includes('Participante'))).toHaveLength(1);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Vista previa', 'Participante', 'Estado', 'Fecha de subida', 'Duración', 'Notas', 'Acciones']);
    // Newest first, numbered by arrival.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByTestId('participant-name').textContent)).toEqual([
      'Participante 2',
      'Participante 1',
    ]);
    // In progress: one badge, no 'N/A' date, only 'Ver en directo' (issue 45).
    expect(within(rows[0]!).queryByTestId('participation-status')).toBeNull();
    expect(within(rows[0]!).getByTestId('participation-live').textContent).toContain('En directo');
    expect(rows[0]?.textContent).not.toContain('N/A');
    expect(
      within(within(rows[0]!).getByTestId('participation-actions'))
        .getAllByRole('link')
        .map((action) => action.textContent),
    ).toEqual(['Ver en directo de Participante 2']);
    expect(within(rows[0]!).queryByRole('button', { name: /^Ver grabación/ })).toBeNull();
    expect(within(rows[1]!).getByTestId('participation-status').textContent).toBe('Enviada');
    expect(rows[1]?.textContent).toContain('01:05');
    expect(within(rows[1]!).getByRole('cell', { name: '3' })).toBeTruthy();
    expect(
      within(rows[1]!).getByRole('img', { name: 'Vista previa de la grabación de Participante 1' }).getAttribute('src'),
    ).toBe('/api/v1/thumbnails/entry-1?expires=1&sig=x');
    expect(within(rows[0]!).getByText('Sin vista previa')).toBeTruthy();
    // The id is no longer the label, but it can be copied.
    expect(within(table).queryByText('entry-1')).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Ver grabación/ })).toHaveLength(1);
    const analyze = within(rows[1]!).getByRole('link', { name: 'Analizar de Participante 1' });
    expect(analyze.getAttribute('href')).toBe('/entry/entry-1');
  });

  it('names who on the team watches a participation live (ADR 0019)', async () => {
    const [live, done] = analysis().AnalysisEntries;
    const watching = [
      { id: 'u1', name: 'Olga Ruiz', initials: 'OR' },
      { id: 'u2', name: 'Bruno Sanz', initials: 'BS' },
    ];
    const data = analysis({ AnalysisEntries: [{ ...live, watching }, done] });
    api(undefined, data);
    renderApp('/analysis/an-1');
    expect((await screen.findByTestId('live-watchers', {}, { timeout: 5000 })).textContent).toBe(
      'Viendo en directo: Olga Ruiz y Bruno Sanz',
    );
    expect(screen.getAllByTestId('live-watchers')).toHaveLength(1);
  });

  it('copies a participation id', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    api();
    renderApp('/analysis/an-1?tab=participants');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar el ID de Participante 1' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('entry-1'));
    expect(await screen.findByText('ID copiado', { selector: '[role="status"]' })).toBeTruthy();
  });

  it("numbers participations as the server does (never reused after a deletion) and says 'Interrumpida'", async () => {
    api(
      undefined,
      analysis({
        AnalysisEntries: [
          {
            id: 'entry-9',
            participantNumber: 7,
            status: 'interrupted',
            createdAt: 9,
            updated_at: null,
            durationMs: 12_000,
            noteCount: 0,
            thumbnailUrl: '/api/v1/thumbnails/entry-9?sig=x',
          },
          {
            id: 'entry-1',
            participantNumber: 5,
            status: 'submitted',
            createdAt: 1,
            updated_at: 1,
            durationMs: 65_000,
            noteCount: 3,
            thumbnailUrl: null,
          },
        ],
      }),
    );
    renderApp('/analysis/an-1?tab=participants');
    await heading();
    const table = screen.getByTestId('participations-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByTestId('participant-name').textContent)).toEqual([
      'Participante 7',
      'Participante 5',
    ]);
    expect(
      within(rows[0]!).getByRole('img', { name: 'Vista previa de la grabación de Participante 7' }).getAttribute('src'),
    ).toBe('/api/v1/thumbnails/entry-9?sig=x');
    expect(within(rows[0]!).getByTestId('participation-status').textContent).toBe('Interrumpida');
    expect(within(rows[1]!).getByText('Sin vista previa')).toBeTruthy();
  });

  it('shows the empty state with a share prompt and the copy button', async () => {
    api(undefined, analysis({ AnalysisEntries: [], _count: { AnalysisEntries: 0 }, scenario: 'null' }));
    renderApp('/analysis/an-1?tab=participants');

    await heading();
    const empty = screen.getByTestId('participations-empty');
    expect(empty.textContent).toContain('Aún no hay participantes');
    expect(within(empty).getByRole('button', { name: 'Copiar enlace de invitación' })).toBeTruthy();
    expect(screen.queryByText('Escenario')).toBeNull();
    // No 'Temas' before a participation is submitted.
    expect(screen.queryByTestId('themes-section')).toBeNull();
  });

  it("says 'Análisis no encontrado' on 404, with a way back", async () => {
    api((call) =>
      call.url === '/api/v1/analysis/an-1'
        ? { status: 404, body: { message: 'No encontrado', code: 'not_found' } }
        : undefined,
    );
    renderApp('/analysis/an-1');

    expect((await heading()).textContent).toBe('Análisis no encontrado');
    expect(screen.getByRole('link', { name: 'Volver al dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('opens a recording in a new tab, or shows the server message', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api(
      (call) =>
        call.url === '/api/v1/analysisEntry/entry-1'
          ? { status: 200, body: { analysisEntryPresignedUrl: 'https://r2.example/rec.mp4' } }
          : call.url === '/api/v1/analysisEntry/entry-2'
            ? { status: 409, body: { message: 'La grabación aún no está disponible', code: 'recording_not_ready' } }
            : undefined,
      // An interrupted participation may have no recording yet: the server says so.
      analysis({
        AnalysisEntries: analysis().AnalysisEntries.map((entry) =>
          entry.status === 'in_progress' ? { ...entry, status: 'interrupted' } : entry,
        ),
      }),
    );
    renderApp('/analysis/an-1?tab=participants');

    await heading();
    const second = screen.getByRole('button', { name: 'Ver grabación de Participante 2' });
    const first = screen.getByRole('button', { name: 'Ver grabación de Participante 1' });
    fireEvent.click(first as HTMLElement);
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://r2.example/rec.mp4', '_blank', 'noopener,noreferrer'),
    );
    fireEvent.click(second as HTMLElement);
    expect((await screen.findByRole('alert')).textContent).toBe('La grabación aún no está disponible');
  });

  it('closes after confirmation; Escape cancels; a refused reopen shows the server message', async () => {
    let status = 'published';
    const calls = api((call) => {
      if (call.url === '/api/v1/analysis/an-1/close') {
        status = 'completed';
        return { status: 200, body: { analysisData: analysis({ status }) } };
      }
      if (call.url === '/api/v1/analysis/an-1/reopen') {
        return {
          status: 400,
          body: { message: 'El análisis ya tiene todas sus participaciones', code: 'analysis_full' },
        };
      }
      return undefined;
    });
    renderApp('/analysis/an-1');
    await heading();

    const close = screen.getByRole('button', { name: 'Cerrar análisis' });
    fireEvent.click(close);
    let dialog = screen.getByRole('alertdialog', { name: '¿Cerrar el análisis?' });
    expect(document.activeElement?.textContent).toBe('Cancelar');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/close'))).toBe(false);

    fireEvent.click(close);
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar análisis' }));
    await waitFor(() => expect(screen.getByTestId('analysis-status').textContent).toContain('completado'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reabrir análisis' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reabrir análisis' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El análisis ya tiene todas sus participaciones');
  });

  it('edits with the prefilled form and saves', async () => {
    const calls = api((call) =>
      call.url === '/api/v1/analysis/an-1' && call.method === 'PATCH'
        ? { status: 200, body: { analysisData: analysis({ name: 'Checkout v2' }) } }
        : undefined,
    );
    renderApp('/analysis/an-1');
    await heading();

    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const name = screen.getByLabelText('Nombre del análisis') as HTMLInputElement;
    expect(name.value).toBe('Checkout');
    fireEvent.change(name, { target: { value: 'Checkout v2' } });
    // The saved settings are prefilled; unticking one sends it.
    const askTasks = screen.getByRole('checkbox', { name: 'Preguntar por cada tarea' }) as HTMLInputElement;
    expect([
      askTasks.checked,
      (screen.getByRole('checkbox', { name: 'Cuestionario SUS al final' }) as HTMLInputElement).checked,
    ]).toEqual([true, false]);
    fireEvent.click(askTasks);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout v2'));
    expect(screen.getByTestId('analysis-notice').textContent).toBe('Cambios guardados');
    // Every field is sent again, the saved ones as they were.
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual(
      anAnalysisRequest({ name: 'Checkout v2', taskQuestions: false }),
    );
  });

  it('deletes after confirmation and goes to /dashboard', async () => {
    const calls = api((call) =>
      call.method === 'DELETE' && call.url === '/api/v1/analysis/an-1'
        ? { status: 200, body: { message: 'Análisis eliminado' } }
        : undefined,
    );
    const router = renderApp('/analysis/an-1');
    await heading();

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar análisis' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar el análisis?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar análisis' }));

    // The dashboard is a lazy route: under a loaded CI machine Vite compiles its module for longer
    // than waitFor's default second (it failed 2 of 4 runs beside other builds).
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('opens the tab its address names, falls back to the summary, and writes the tab into the address', async () => {
    api();
    const router = renderApp('/analysis/an-1?tab=results');
    await heading();
    expect(screen.getByRole('tab', { name: 'Resultados' }).getAttribute('aria-selected')).toBe('true');
    const recordings = await screen.findByRole('heading', { name: 'Resumen de las grabaciones' });
    // 'Temas' heads the results once a participation is submitted.
    const themes = screen.getByRole('heading', { level: 2, name: 'Temas' });
    expect(themes.compareDocumentPosition(recordings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((await screen.findByTestId('themes-state')).textContent).toBe(
      'Los temas aparecen cuando hay al menos dos participaciones resumidas',
    );

    // Arrow keys move along the tabs (roving focus) and select them.
    const results = screen.getByRole('tab', { name: 'Resultados' });
    results.focus();
    fireEvent.keyDown(results, { key: 'ArrowRight' });
    const notes = screen.getByRole('tab', { name: 'Notas y clips' });
    expect(notes.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(notes);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=notes'));
    fireEvent.click(screen.getByRole('tab', { name: 'Resumen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    // A walk along the tabs with the arrow keys is one history entry: back returns to the tab the
    // walk began on ('Resumen'), not to each tab it passed.
    const summary = screen.getByRole('tab', { name: 'Resumen' });
    summary.focus();
    fireEvent.keyDown(summary, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Participantes' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Resultados' }), { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=notes'));
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Resumen' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(router.state.location.search).toBe('');
    // A click is an entry of its own: back from it returns to the tab before.
    fireEvent.click(screen.getByRole('tab', { name: 'Compartir' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=share'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await router.navigate('/analysis/an-1?tab=nonsense');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Resumen' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it("summarises a panel study's settings, and the header gives the link with '?pid='", async () => {
    api(
      undefined,
      analysis({
        taskOrder: 'random',
        camera: 'optional',
        transcription: { enabled: true, language: 'en' },
        panel: {
          pidParam: 'PROLIFIC_PID',
          completionUrl: 'https://app.prolific.com/submissions/complete?cc=ABC',
          screenOutUrl: null,
        },
        screener: {
          questions: [
            {
              text: '¿Compras en línea?',
              options: [
                { text: 'Sí', accept: true },
                { text: 'No', accept: false },
              ],
            },
          ],
        },
        questions: { pre: [{ text: '¿Tu edad?', type: 'single', options: ['18-30', '31+'] }], post: [] },
      }),
    );
    renderApp('/analysis/an-1');
    await heading();
    const setup = screen.getByTestId('study-setup');
    const value = (id: string) => within(setup).getByTestId(id).querySelector('dd')?.textContent;
    expect(value('setup-task-order')).toBe('Aleatorio');
    expect(value('setup-screener')).toBe('¿Compras en línea?Sí (acepta)No (descarta)');
    expect(value('setup-pre')).toBe('¿Tu edad? Opción única: 18-30 · 31+');
    expect(value('setup-post')).toBe('Ninguna');
    expect(value('setup-pid')).toBe('PROLIFIC_PID');
    expect(value('setup-completion')).toBe('https://app.prolific.com/submissions/complete?cc=ABC');
    expect(value('setup-screen-out')).toBe('Ninguno');
    expect(value('setup-camera')).toBe('Opcional');
    expect(value('setup-transcription')).toBe('Sí, en English');
    expect(value('setup-sus')).toBe('No');
    const header = screen.getByTestId('analysis-header');
    expect(within(header).getByTestId('analysis-panel-link').textContent).toBe(
      `${window.location.origin}/participate/an-1?PROLIFIC_PID=`,
    );
  });
});
