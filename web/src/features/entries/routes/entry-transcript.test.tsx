/**
 * The entry page's 'Transcripción' tab (ADR 0018): lines in task chapters, the line under the
 * playhead marked as the video plays, a line's time seeks, the search finds and steps through
 * matches, selected words become a clip in the note editor, captions switch on, and each state
 * says what it is ('no disponible en este servidor' is not an error).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anEntry, fakeApi, renderApp, signedInCustomer, type FakeCall } from '@/app/test-utils';

const entry = anEntry();

const word = (start: number, end: number, text: string) => ({ start_ms: start, end_ms: end, word: text });
const lines = [
  { start_ms: 500, end_ms: 1_800, text: 'Empiezo.', task_number: null, words: [word(500, 1_800, 'Empiezo.')] },
  {
    start_ms: 2_000,
    end_ms: 4_000,
    text: 'Busco el botón',
    task_number: 1,
    words: [word(2_000, 2_600, 'Busco'), word(2_600, 3_000, 'el'), word(3_000, 4_000, 'botón')],
  },
  {
    start_ms: 6_000,
    end_ms: 8_000,
    text: 'No encuentro el botón',
    task_number: 1,
    words: [
      word(6_000, 6_400, 'No'),
      word(6_400, 7_000, 'encuentro'),
      word(7_000, 7_300, 'el'),
      word(7_300, 8_000, 'botón'),
    ],
  },
  { start_ms: 12_000, end_ms: 13_000, text: 'Pagado', task_number: 2, words: [word(12_000, 13_000, 'Pagado')] },
];

type Answer = { status: number; body?: unknown } | undefined;

function api(
  transcript: Answer = { status: 200, body: { status: 'complete', language: 'es', lines } },
  extra: (call: FakeCall) => Answer = () => undefined,
) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/v1/entry/e1' && call.method === 'GET') return { status: 200, body: entry };
    if (call.url === '/api/v1/entry/e1/notes' && call.method === 'GET') return { status: 200, body: { notes: [] } };
    if (call.url === '/api/v1/entry/e1/transcript') return transcript;
    return signedInCustomer(call.url);
  });
}

const video = () => screen.getByTestId('entry-video') as HTMLVideoElement;
const panel = () => within(screen.getByTestId('transcript-panel'));

async function openTranscript() {
  renderApp('/entry/e1');
  fireEvent.click(await screen.findByRole('tab', { name: 'Transcripción' }, { timeout: 5000 }));
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

describe('entry page: transcript', { timeout: 15_000 }, () => {
  it('shows the lines in task chapters, marks the line being said as the video plays, and a line seeks', async () => {
    api();
    await openTranscript();
    await panel().findByText('Pagado');
    expect(
      panel()
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Fuera de las tareas', 'Tarea 1', 'Tarea 2']);
    const current = () => screen.getByTestId('transcript-lines').querySelector('[aria-current="true"]')?.textContent;
    expect(current()).toBeUndefined();

    video().currentTime = 6.5;
    fireEvent.timeUpdate(video());
    await waitFor(() => expect(current()).toBe('00:06No encuentro el botón'));
    // Through the silence after a line, it stays marked until the next one begins.
    video().currentTime = 10;
    fireEvent.timeUpdate(video());
    await waitFor(() => expect(current()).toBe('00:06No encuentro el botón'));

    fireEvent.click(panel().getByRole('button', { name: 'Ir a 00:12' }));
    expect(video().currentTime).toBe(12);
    await waitFor(() => expect(current()).toBe('00:12Pagado'));
    // A click on a word (no selection) seeks to that word.
    fireEvent.click(panel().getByText('encuentro'));
    expect(video().currentTime).toBe(6.4);
  });

  it('finds words in the recording, without accents, and steps through them with Enter and Shift+Enter', async () => {
    api();
    await openTranscript();
    const search = await panel().findByRole('searchbox', { name: 'Buscar en la transcripción' });
    fireEvent.change(search, { target: { value: 'BOTON' } });
    expect(panel().getByTestId('transcript-search-status').textContent).toBe('2 resultados');
    expect(
      [...screen.getByTestId('transcript-lines').querySelectorAll('mark')].map((mark) => mark.textContent),
    ).toEqual(['botón', 'botón']);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(panel().getByTestId('transcript-search-status').textContent).toBe('1 de 2');
    expect(video().currentTime).toBe(3);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(video().currentTime).toBe(7.3);
    fireEvent.keyDown(search, { key: 'Enter', shiftKey: true });
    expect(panel().getByTestId('transcript-search-status').textContent).toBe('1 de 2');
    fireEvent.click(panel().getByRole('button', { name: 'Resultado siguiente' }));
    expect(panel().getByTestId('transcript-search-status').textContent).toBe('2 de 2');
    fireEvent.change(search, { target: { value: 'cancelar' } });
    expect(panel().getByTestId('transcript-search-status').textContent).toBe('Sin resultados');
  });

  it("turns selected words into 'Crear clip' with their start and end, which opens the note editor as a clip", async () => {
    api();
    await openTranscript();
    const from = (await panel().findByText('encuentro')).firstChild!;
    const to = panel().getAllByText('botón')[1]!.firstChild!;
    const range = document.createRange();
    range.setStart(from, 2);
    range.setEnd(to, 3);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
    fireEvent.mouseUp(screen.getByTestId('transcript-lines'));
    const clip = await panel().findByRole('button', { name: 'Crear clip (00:06–00:08)' });
    fireEvent.click(clip);
    await screen.findByLabelText('Nota');
    expect((screen.getByLabelText('Momento (mm:ss)') as HTMLInputElement).value).toBe('00:06');
    expect((screen.getByLabelText('Final del clip (mm:ss)') as HTMLInputElement).value).toBe('00:08');
  });

  it('switches captions on and offers the transcript as WebVTT and text', async () => {
    api();
    await openTranscript();
    const toggle = await panel().findByRole('button', { name: 'Subtítulos' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(panel().getByRole('link', { name: 'Subtítulos WebVTT (.vtt)' }).getAttribute('href')).toBe(
      '/api/v1/entry/e1/transcript.vtt',
    );
    expect(panel().getByRole('link', { name: 'Texto (.txt)' }).getAttribute('href')).toBe(
      '/api/v1/entry/e1/transcript.txt',
    );
  });

  it.each([
    ['unavailable', 'Transcripción no disponible en este servidor'],
    ['disabled', 'La transcripción está desactivada en este análisis'],
    ['pending', 'Transcribiendo…'],
  ])('says plainly when the transcript is %s', async (status, text) => {
    api({ status: 200, body: { status, language: 'es', lines: [] } });
    await openTranscript();
    expect((await panel().findByTestId('transcript-state')).textContent).toContain(text);
    expect(panel().queryByRole('alert')).toBeNull();
  });

  it('shows how far a partial transcript has come', async () => {
    api({ status: 200, body: { status: 'partial', language: 'es', lines: lines.slice(0, 2) } });
    await openTranscript();
    expect((await panel().findByTestId('transcript-state')).textContent).toBe(
      'Transcribiendo… transcrito hasta 00:04 de 00:18',
    );
  });

  it('says why a failed load failed, with a retry', async () => {
    api({ status: 500, body: { message: 'Error interno', code: 'internal' } });
    await openTranscript();
    const alert = await panel().findByTestId('transcript-error', undefined, { timeout: 8000 });
    expect(alert.textContent).toContain('No se ha podido cargar la transcripción: Error interno');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
