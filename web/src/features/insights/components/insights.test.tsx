/**
 * The analysis page's clips, reels and share links, and the share page: the list filters by tag
 * and task through the API, a reel is reordered with Alt+arrows and the move is announced, the
 * share dialog warns about whole files for clips (not recordings) and shows the new link once, and
 * an unavailable link shows 'Este enlace ya no está disponible'; a link to a reel opens it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp, type FakeCall, sessionClient } from '@/app/test-utils';
import { InsightsSection } from '@/features/insights/components/insights-section';
import { ReelPlayer } from '@/features/insights/components/reel-player';
import type { AnalysisNoteDto } from '@/lib/api-types/AnalysisNoteDto';
import type { PlaylistClipDto } from '@/lib/api-types/PlaylistClipDto';
import type { ReelDto } from '@/lib/api-types/ReelDto';

const note = (id: string, over: Partial<AnalysisNoteDto> = {}): AnalysisNoteDto => ({
  id,
  entryId: 'e1',
  participantNumber: 1,
  taskNumber: 1,
  atMs: 3000,
  endMs: 8000,
  title: `Clip ${id}`,
  text: '',
  tags: [],
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

const playlistClip = (id: string, title: string): PlaylistClipDto => ({
  clipId: id,
  entryId: 'e1',
  participantNumber: 2,
  title,
  text: '',
  tags: [],
  startMs: 1000,
  endMs: 4000,
  taskNumber: 1,
  taskContent: 'Busca el producto',
  segments: [
    { url: '/api/v1/recordings/e1/1?sig=x', offsetMs: 0, durationMs: 18_000, cameraUrl: null, cameraOffsetMs: 0 },
  ],
});

function world(part: 'clips' | 'shares' = 'clips', url = '/analysis/an-1?tab=notes') {
  let reel: ReelDto = {
    id: 'r1',
    analysisId: 'an-1',
    title: 'Lo mejor',
    durationMs: 9000,
    createdAt: 1,
    updatedAt: 1,
    author: { id: 'u1', name: 'Ana García', initials: 'AG' },
    clips: [playlistClip('a', 'Primero'), playlistClip('b', 'Segundo'), playlistClip('c', 'Tercero')],
  };
  const calls = fakeApi((call: FakeCall) => {
    if (call.url.startsWith('/api/v1/analysis/an-1/notes')) {
      const all = [note('a', { tags: ['pago'] }), note('b', { taskNumber: 2 })];
      const params = new URLSearchParams(call.url.split('?')[1] ?? '');
      const notes = all.filter(
        (n) =>
          (!params.get('tag') || n.tags.includes(params.get('tag') ?? '')) &&
          (!params.get('task') || String(n.taskNumber) === params.get('task')),
      );
      return { status: 200, body: { notes, tags: [{ tag: 'pago', count: 1 }] } };
    }
    if (call.url === '/api/v1/analysis/an-1/reels')
      return {
        status: 200,
        body: {
          reels: [
            { id: 'r1', title: reel.title, clipCount: reel.clips.length, durationMs: 9000, createdAt: 1, updatedAt: 1 },
          ],
        },
      };
    if (call.url === '/api/v1/reels/r1' && call.method === 'GET') return { status: 200, body: reel };
    if (call.url === '/api/v1/reels/r1' && call.method === 'PATCH') {
      const ids = (call.body as { clipIds: string[] }).clipIds;
      reel = { ...reel, clips: ids.map((id) => reel.clips.find((c) => c.clipId === id) as PlaylistClipDto) };
      return { status: 200, body: reel };
    }
    if (call.url === '/api/v1/analysis/an-1/shares' && call.method === 'GET')
      return { status: 200, body: { shares: [] } };
    if (call.url === '/api/v1/analysis/an-1/shares' && call.method === 'POST') {
      const body = call.body as { kind: string; targetId: string | null; expiresInDays: number };
      const share = {
        id: 's1',
        kind: body.kind,
        targetId: body.targetId,
        targetTitle: 'Clip a',
        hideCamera: false,
        includeNotes: false,
        createdAt: 1,
        expiresAt: 2,
        revokedAt: null,
        viewCount: 0,
        lastViewedAt: null,
        state: 'active',
      };
      return { status: 201, body: { share, token: 't'.repeat(43), url: `http://localhost/s/${'t'.repeat(43)}` } };
    }
    return undefined;
  });
  render(
    <QueryClientProvider client={sessionClient()}>
      <MemoryRouter initialEntries={[url]}>
        <InsightsSection analysisId="an-1" analysisName="Tienda" taskCount={2} part={part} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const listed = () =>
  within(screen.getByTestId('analysis-notes'))
    .queryAllByTestId('analysis-note')
    .map((item) => item.querySelector('.insights-note__title')?.textContent);

describe('insights on the analysis page', () => {
  it('lists notes and clips and filters them by tag and by task', async () => {
    const calls = world();
    await waitFor(() => expect(listed()).toEqual(['Clip a', 'Clip b']));
    expect(screen.getAllByText('Participante 1').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Etiqueta'), { target: { value: 'pago' } });
    await waitFor(() => expect(listed()).toEqual(['Clip a']));
    expect(calls.some((call) => call.url === '/api/v1/analysis/an-1/notes?tag=pago')).toBe(true);
    fireEvent.change(screen.getByLabelText('Etiqueta'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Tarea'), { target: { value: '2' } });
    await waitFor(() => expect(listed()).toEqual(['Clip b']));
    expect(calls.some((call) => call.url === '/api/v1/analysis/an-1/notes?task=2')).toBe(true);
  });

  it("opens the reel a link names ('Ver el reel' after a theme's 'Crear reel')", async () => {
    world('clips', '/analysis/an-1?tab=notes&reel=r1');
    expect(await screen.findByTestId('open-reel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar Lo mejor' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('reorders a reel with Alt+arrows and the buttons, writes the whole order and announces it', async () => {
    const calls = world();
    await screen.findByText('3 clips · 00:09');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir Lo mejor' }));
    const clips = await screen.findByTestId('reel-clips');
    const titles = () =>
      within(clips)
        .getAllByTestId('reel-clip')
        .map((item) => item.querySelector('.reel-editor__title')?.textContent);
    expect(titles()).toEqual(['Primero', 'Segundo', 'Tercero']);

    const up = within(clips).getByRole('button', { name: 'Subir «Tercero»' });
    up.focus();
    await act(async () => {
      fireEvent.keyDown(up, { key: 'ArrowUp', altKey: true });
    });
    await waitFor(() => expect(titles()).toEqual(['Primero', 'Tercero', 'Segundo']));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ title: null, clipIds: ['a', 'c', 'b'] });
    expect(screen.getByTestId('insights-live').textContent).toBe('«Tercero» movido a la posición 2 de 3');
    // Focus stays on the moved clip's button.
    expect(document.activeElement).toBe(within(clips).getByRole('button', { name: 'Subir «Tercero»' }));

    fireEvent.click(within(clips).getByRole('button', { name: 'Bajar «Primero»' }));
    await waitFor(() => expect(titles()).toEqual(['Tercero', 'Primero', 'Segundo']));
    // At the top, 'Subir' does nothing.
    const before = calls.filter((call) => call.method === 'PATCH').length;
    fireEvent.click(within(clips).getByRole('button', { name: 'Subir «Tercero»' }));
    expect(calls.filter((call) => call.method === 'PATCH').length).toBe(before);
  });

  it('shares a clip: whole-file warning, expiry choice, the link shown once', async () => {
    const calls = world();
    await waitFor(() => expect(listed()).toEqual(['Clip a', 'Clip b']));
    fireEvent.click(screen.getByRole('button', { name: 'Compartir Clip a' }));
    const dialog = await screen.findByTestId('share-dialog');
    expect(within(dialog).getByTestId('share-whole-files').textContent).toContain(
      'durante una hora a los archivos completos',
    );
    fireEvent.click(within(dialog).getByLabelText('90 días'));
    fireEvent.click(within(dialog).getByLabelText('Ocultar la cámara'));
    // Captions (ADR 0018) are offered for a clip, off until chosen.
    const captions = within(dialog).getByLabelText('Mostrar subtítulos') as HTMLInputElement;
    expect(captions.checked).toBe(false);
    fireEvent.click(captions);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    expect(((await within(dialog).findByLabelText('Enlace')) as HTMLInputElement).value).toBe(
      `http://localhost/s/${'t'.repeat(43)}`,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'clip',
      targetId: 'a',
      expiresInDays: 90,
      hideCamera: true,
      includeNotes: false,
      captions: true,
    });
  });

  it('the summary link has no camera option and no whole-file warning', async () => {
    world('shares');
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir resumen' }));
    const dialog = await screen.findByTestId('share-dialog');
    expect(within(dialog).queryByTestId('share-whole-files')).toBeNull();
    expect(within(dialog).queryByLabelText('Ocultar la cámara')).toBeNull();
    expect(within(dialog).queryByLabelText('Mostrar subtítulos')).toBeNull();
  });
});

describe('share page', () => {
  it("says 'Este enlace ya no está disponible' for a link that answers 410", async () => {
    fakeApi((call) =>
      call.url.startsWith('/api/v1/share/')
        ? { status: 410, body: { message: 'Este enlace ya no está disponible', code: 'share_unavailable' } }
        : undefined,
    );
    renderApp(`/s/${'x'.repeat(43)}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Este enlace ya no está disponible');
  });
});

describe('reel player', () => {
  it('shows a title card per clip: which of how many, its title, participant and task', async () => {
    fakeApi(() => undefined);
    render(
      <ReelPlayer
        title="Lo mejor"
        clips={[
          playlistClip('a', 'Primero'),
          { ...playlistClip('b', 'Segundo'), participantNumber: 3, taskNumber: 2, taskContent: 'Paga' },
        ]}
      />,
    );
    const card = screen.getByTestId('reel-title-card');
    expect(card.textContent).toBe('Clip 1 de 2PrimeroParticipante 2 · Task 1: Busca el producto');
    expect(screen.getByTestId('reel-live').textContent).toBe(
      'Clip 1 de 2: Primero. Participante 2 · Task 1: Busca el producto',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente clip' }));
    expect(screen.getByTestId('reel-title-card').textContent).toBe('Clip 2 de 2SegundoParticipante 3 · Task 2: Paga');
    // The last clip has no 'Siguiente clip'; starting it lifts the card.
    expect(screen.queryByRole('button', { name: 'Siguiente clip' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Empezar el clip' }));
    expect(screen.queryByTestId('reel-title-card')).toBeNull();
  });
});
