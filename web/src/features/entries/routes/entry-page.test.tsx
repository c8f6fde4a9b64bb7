/**
 * The entry page: 'Tasks' chapters with task texts, seeking and the current chapter, the keyboard
 * shortcuts on the real page, speed, download link, deletion, the error text and the one refetch of
 * an expired URL.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anAnalysis,
  anEntry,
  fakeApi,
  preloadRoute,
  renderApp,
  signedInCustomer,
  type FakeCall,
} from '@/app/test-utils';

const entry = (overrides: Record<string, unknown> = {}) => ({
  ...anEntry(),
  submittedAt: new Date(2024, 2, 6, 9, 0).getTime(),
  steps: [
    { index: 0, atMs: 0 },
    { index: 1, atMs: 2_000 },
    { index: 2, atMs: 6_000 },
    { index: 3, atMs: 12_000 },
  ],
  chapters: [
    { index: 0, kind: 'scenario', title: 'Escenario', startMs: 0, spentMs: 2_000 },
    { index: 1, kind: 'url', title: 'URL', startMs: 2_000, spentMs: 4_000 },
    { index: 2, kind: 'task', title: 'Task 1', startMs: 6_000, spentMs: 6_000 },
    { index: 3, kind: 'task', title: 'Task 2', startMs: 12_000, spentMs: 6_000 },
  ],
  ...overrides,
});

const analysis = anAnalysis({ AnalysisEntries: [{ id: 'e1', status: 'submitted', updated_at: 1 }] });

type Answer = { status: number; body?: unknown } | undefined;

function api(extra: (call: FakeCall) => Answer = () => undefined) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/v1/entry/e1' && call.method === 'GET') return { status: 200, body: entry() };
    if (call.url === '/api/v1/entry/e1/notes' && call.method === 'GET') return { status: 200, body: { notes: [] } };
    if (call.url === '/api/v1/analysis/an-1' && call.method === 'GET')
      return { status: 200, body: { analysisData: analysis } };
    return signedInCustomer(call.url);
  });
}

const video = () => screen.getByTestId('entry-video') as HTMLVideoElement;
const chapters = () => within(screen.getByTestId('entry-chapters'));
const chapter = (title: string) => chapters().getByRole('button', { name: new RegExp(`^${title}\\b`) });

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;

beforeEach(() => {
  localStorage.clear();
  play = vi.fn<() => Promise<void>>(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

async function openPage(path = '/entry/e1') {
  const router = renderApp(path);
  // The side panel opens on 'Notas' (ADR 0015); the chapters are in the 'Tareas' tab.
  fireEvent.click(await screen.findByRole('tab', { name: 'Tareas' }, { timeout: 5000 }));
  await screen.findByRole('heading', { name: 'Tasks' });
  return router;
}

// The first render loads the route's lazy chunk; on a busy machine that alone can take seconds.
describe('entry page', { timeout: 15_000 }, () => {
  // Deleting navigates to the analysis page, a lazy route: loaded here, before any test's own time.
  beforeAll(() => preloadRoute('/analysis/a1'), 60_000);

  it("shows the player, the 'Tasks' chapters with task texts and times, and a same-origin download", async () => {
    api();
    await openPage();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Grabación');
    expect(screen.getByTestId('entry-participant').textContent).toBe('Participante 3');
    // No camera in this recording: no overlay and no camera button.
    expect(screen.queryByTestId('camera-overlay')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cámara' })).toBeNull();
    expect(video().getAttribute('src')).toBe('/api/v1/recordings/e1?expires=4102444800000&sig=s1');
    expect(video().getAttribute('preload')).toBe('metadata');
    // Our controls, one scrubber: no native controls.
    expect(video().hasAttribute('controls')).toBe(false);
    expect(screen.getAllByRole('slider', { name: 'Posición de la reproducción' })).toHaveLength(1);
    const items = chapters().getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.entry-chapter__title')?.textContent)).toEqual([
      'Escenario',
      'URL',
      'Task 1',
      'Task 2',
    ]);
    await waitFor(() => expect(chapter('Task 2').textContent).toContain('Cómpralo'));
    expect(chapter('Task 2').textContent).toContain('Inicio 00:12');
    expect(chapter('Task 2').textContent).toContain('Tiempo 00:06');
    expect(chapter('Escenario').textContent).toContain('Eres un cliente nuevo.');

    const download = screen.getByRole('link', { name: 'Descargar grabación' });
    expect(download.getAttribute('href')).toBe('/api/v1/recordings/e1?expires=4102444800000&sig=s1');
    expect(download.getAttribute('download')).toBe('lupa-e1.mp4');
    expect(screen.getByRole('link', { name: /Volver al análisis/ }).getAttribute('href')).toBe(
      '/analysis/an-1?tab=participants',
    );
    // The chapter marks carry the stepper's names, 'Escenario' included (it used to say 'E').
    expect(screen.getAllByTestId('timeline-chapter').map((mark) => mark.textContent)).toEqual([
      'Escenario',
      'URL',
      'Task 1',
      'Task 2',
    ]);
  });

  it("has a tab list in the side panel, 'Notas' first and selected, moved with the arrow keys", async () => {
    api();
    renderApp('/entry/e1');
    const list = await screen.findByRole('tablist', { name: 'Tareas y notas de la grabación' }, { timeout: 5000 });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Notas', 'Transcripción', 'Resumen', 'Tareas']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Notas' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tasks' })).toBeNull();
    tabs[0]?.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(tabs[3]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Tasks' })).toBeTruthy();
    fireEvent.keyDown(tabs[3]!, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
  });

  it("shows 'Error retrieving video entry: …' when the entry cannot be read", async () => {
    api((call) =>
      call.url === '/api/v1/entry/e1'
        ? { status: 404, body: { message: 'No encontrado', code: 'not_found' } }
        : undefined,
    );
    renderApp('/entry/e1');
    expect((await screen.findByTestId('entry-error', undefined, { timeout: 5000 })).textContent).toBe(
      'Error retrieving video entry: No encontrado',
    );
  });

  it('a chapter seeks to its start and plays; the chapter under the playhead is current', async () => {
    api();
    await openPage();
    expect(chapter('Escenario').getAttribute('aria-current')).toBe('step');

    fireEvent.click(chapter('Task 2'));
    expect(video().currentTime).toBe(12);
    expect(play).toHaveBeenCalled();
    await waitFor(() => expect(chapter('Task 2').getAttribute('aria-current')).toBe('step'));
    expect(chapter('Escenario').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('entry-live').textContent).toBe('Task 2, 00:12');

    video().currentTime = 7;
    fireEvent.timeUpdate(video());
    await waitFor(() => expect(chapter('Task 1').getAttribute('aria-current')).toBe('step'));
  });

  it('keyboard: arrows and j/l seek, space plays, n opens a note at the playhead; nothing while typing', async () => {
    const calls = api((call) =>
      call.method === 'POST' && call.url === '/api/v1/entry/e1/notes'
        ? {
            status: 201,
            body: {
              id: 'n1',
              atMs: 15_000,
              endMs: null,
              title: null,
              text: 'Duda',
              tags: [],
              createdAt: 1,
              updatedAt: 1,
            },
          }
        : undefined,
    );
    await openPage();

    fireEvent.keyDown(document.body, { key: 'l' });
    expect(video().currentTime).toBe(10);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(video().currentTime).toBe(15);
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(video().currentTime).toBe(0);
    fireEvent.keyDown(document.body, { key: 'l' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByTestId('entry-live').textContent).toBe('Posición 00:15');
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(play).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(document.body, { key: 'n' });
    const text = await screen.findByLabelText('Nota');
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect((screen.getByLabelText('Momento (mm:ss)') as HTMLInputElement).value).toBe('00:15');
    // Typing 'l' in the note is text, not a seek.
    fireEvent.keyDown(text, { key: 'l' });
    expect(video().currentTime).toBe(15);
    fireEvent.change(text, { target: { value: 'Duda' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByLabelText('Nota')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      atMs: 15_000,
      text: 'Duda',
      endMs: null,
      title: null,
      tags: [],
    });
    expect(await screen.findByRole('button', { name: 'Ir a 00:15' })).toBeTruthy();
    expect(screen.getAllByTestId('timeline-note')).toHaveLength(1);
  });

  it('N starts a note and Shift+N sets its end at the playhead, which makes it a clip', async () => {
    api();
    await openPage();
    video().currentTime = 4;
    fireEvent.keyDown(document.body, { key: 'n' });
    const text = await screen.findByLabelText('Nota');
    expect((screen.getByLabelText('Momento (mm:ss)') as HTMLInputElement).value).toBe('00:04');
    expect((screen.getByLabelText('Final del clip (mm:ss)') as HTMLInputElement).value).toBe('');
    // Back on the page (focus left the field), the playhead moves on, then Shift+N.
    text.blur();
    video().currentTime = 9;
    fireEvent.keyDown(document.body, { key: 'N', shiftKey: true });
    await waitFor(() =>
      expect((screen.getByLabelText('Final del clip (mm:ss)') as HTMLInputElement).value).toBe('00:09'),
    );
    expect((screen.getByLabelText('Momento (mm:ss)') as HTMLInputElement).value).toBe('00:04');
    expect(document.activeElement).toBe(screen.getByLabelText('Título (opcional)'));
    expect(screen.getByTestId('entry-live').textContent).toBe('Final del clip en 00:09');
  });

  it('keyboard: [ and ] move between chapters, , and . step one frame, ? lists the shortcuts', async () => {
    api();
    await openPage();

    fireEvent.keyDown(document.body, { key: ']' });
    expect(video().currentTime).toBe(2);
    fireEvent.keyDown(document.body, { key: ']' });
    expect(video().currentTime).toBe(6);
    expect(screen.getByTestId('entry-live').textContent).toBe('Task 1, 00:06');
    video().currentTime = 9;
    fireEvent.keyDown(document.body, { key: '[' });
    expect(video().currentTime).toBe(6); // back to the start of the current chapter
    fireEvent.keyDown(document.body, { key: '[' });
    expect(video().currentTime).toBe(2); // right at its start: the one before

    fireEvent.keyDown(document.body, { key: '.' });
    expect(video().currentTime).toBeCloseTo(2 + 1 / 30, 5);
    fireEvent.keyDown(document.body, { key: ',' });
    fireEvent.keyDown(document.body, { key: ',' });
    expect(video().currentTime).toBeCloseTo(2 - 1 / 30, 5);

    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = await screen.findByTestId('shortcuts-dialog');
    for (const text of [
      'Reproducir o pausar',
      'Capítulo anterior o siguiente',
      'Un fotograma atrás o adelante (en pausa)',
      'Añadir una nota en el momento actual',
      'Marcar el final de la nota abierta (la convierte en clip)',
      'Mayús+N',
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    // Keys inside the dialog do nothing to the player.
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Cerrar' }), { key: ']' });
    expect(video().currentTime).toBeCloseTo(2 - 1 / 30, 5);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByTestId('shortcuts-dialog')).toBeNull());
    // The button opens it too.
    fireEvent.click(screen.getByRole('button', { name: 'Atajos de teclado' }));
    expect(await screen.findByTestId('shortcuts-dialog')).toBeTruthy();
  });

  it('resumes where the recording was left off, and can start again from the beginning', async () => {
    localStorage.setItem('lupa.player.positions', JSON.stringify({ e1: { ms: 9_500, at: 1 } }));
    api();
    await openPage();
    await waitFor(() => expect(video().currentTime).toBe(9.5));
    expect(screen.getByText('Continúas donde lo dejaste (00:09).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver desde el principio' }));
    expect(video().currentTime).toBe(0);
    expect(screen.queryByText('Continúas donde lo dejaste (00:09).')).toBeNull();
  });

  it('opens at the moment a link asks for (?t=seconds), clamped to the recording, over the remembered place', async () => {
    localStorage.setItem('lupa.player.positions', JSON.stringify({ e1: { ms: 9_500, at: 1 } }));
    api();
    await openPage('/entry/e1?t=7');
    await waitFor(() => expect(video().currentTime).toBe(7));
    expect(screen.queryByText('Continúas donde lo dejaste (00:09).')).toBeNull();
  });

  it('clamps ?t= past the end to the recording', async () => {
    api();
    await openPage('/entry/e1?t=600');
    await waitFor(() => expect(video().currentTime).toBe(18));
  });

  it('ignores a bad ?t= value and resumes as usual', async () => {
    localStorage.setItem('lupa.player.positions', JSON.stringify({ e1: { ms: 9_500, at: 1 } }));
    api();
    await openPage('/entry/e1?t=abc');
    await waitFor(() => expect(video().currentTime).toBe(9.5));
    expect(screen.getByText('Continúas donde lo dejaste (00:09).')).toBeTruthy();
  });

  it('theater mode puts the panel below the player and is remembered', async () => {
    localStorage.removeItem('lupa.player.prefs');
    api();
    await openPage();
    const theater = screen.getByRole('button', { name: 'Modo cine' });
    expect(theater.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(theater);
    expect(theater.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.entry-layout')?.hasAttribute('data-theater')).toBe(true);
    expect(JSON.parse(localStorage.getItem('lupa.player.prefs') ?? '{}')).toMatchObject({ theater: true });
    fireEvent.keyDown(document.body, { key: 't' });
    expect(theater.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the camera picture-in-picture, which moves between corners with the arrows and hides', async () => {
    localStorage.removeItem('lupa.player.prefs');
    const segments = [
      {
        url: '/api/v1/recordings/e1/1?expires=4102444800000&sig=a',
        durationMs: 10_000,
        cameraUrl: '/api/v1/recordings/e1/1/camera?expires=4102444800000&sig=b',
        cameraOffsetMs: 150,
      },
      {
        url: '/api/v1/recordings/e1/2?expires=4102444800000&sig=c',
        durationMs: 8_000,
        cameraUrl: null,
        cameraOffsetMs: 0,
      },
    ];
    api((call) =>
      call.url === '/api/v1/entry/e1' && call.method === 'GET' ? { status: 200, body: entry({ segments }) } : undefined,
    );
    await openPage();

    const overlay = screen.getByTestId('camera-overlay');
    expect(overlay.getAttribute('aria-label')).toBe('Cámara del participante');
    expect(screen.getByTestId('camera-video').getAttribute('src')).toBe(segments[0]!.cameraUrl);
    expect((screen.getByTestId('camera-video') as HTMLVideoElement).muted).toBe(true);
    // It starts top right, away from the notices at the bottom of the picture (issue 45).
    expect(overlay.getAttribute('data-corner')).toBe('top-right');
    const move = screen.getByRole('button', { name: 'Mover la cámara' });
    fireEvent.keyDown(move, { key: 'ArrowDown' });
    expect(overlay.getAttribute('data-corner')).toBe('bottom-right');
    fireEvent.keyDown(move, { key: 'ArrowUp' });
    expect(overlay.getAttribute('data-corner')).toBe('top-right');
    fireEvent.keyDown(move, { key: 'ArrowLeft' });
    expect(overlay.getAttribute('data-corner')).toBe('top-left');
    // The arrows moved the picture, not the playhead.
    expect(video().currentTime).toBe(0);
    expect(JSON.parse(localStorage.getItem('lupa.player.prefs') ?? '{}')).toMatchObject({ cameraCorner: 'top-left' });

    const toggle = screen.getByRole('button', { name: 'Cámara' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar cámara' }));
    expect(overlay.hidden).toBe(true);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(overlay.hidden).toBe(false);
    // Two segments: one timeline of 18 s.
    expect(screen.getByRole('slider', { name: 'Posición de la reproducción' }).getAttribute('max')).toBe('18');
  });

  it('sets the playback speed', async () => {
    api();
    await openPage();
    const speed = screen.getByLabelText('Velocidad') as HTMLSelectElement;
    expect(Array.from(speed.options).map((option) => option.textContent)).toEqual([
      '0,5×',
      '0,75×',
      '1×',
      '1,25×',
      '1,5×',
      '2×',
    ]);
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(video().playbackRate).toBe(1.5);
    expect(speed.value).toBe('1.5');
  });

  it('deletes the recording after confirmation and goes back to the analysis', async () => {
    const calls = api((call) =>
      call.method === 'DELETE' && call.url === '/api/v1/entry/e1'
        ? { status: 200, body: { message: 'Grabación eliminada' } }
        : undefined,
    );
    const router = await openPage();

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar grabación' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar la grabación?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar grabación' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/analysis/an-1'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/v1/entry/e1']);
  });

  it('asks for a fresh URL once when the video fails, then reports the failure', async () => {
    let served = 0;
    const calls = api((call) => {
      if (call.url !== '/api/v1/entry/e1' || call.method !== 'GET') return undefined;
      served += 1;
      return { status: 200, body: entry({ entryUrl: `/api/v1/recordings/e1?expires=4102444800000&sig=s${served}` }) };
    });
    await openPage();
    expect(video().getAttribute('src')).toContain('sig=s1');

    fireEvent.error(video());
    await waitFor(() => expect(video().getAttribute('src')).toContain('sig=s2'));
    fireEvent.error(video());
    expect(
      await screen.findByText('No se ha podido reproducir la grabación. Puedes descargarla o volver a intentarlo.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/v1/entry/e1').length).toBe(2);
  });
});
