/** Notes on a recording: time order, seeking, adding at the playhead, inline editing, deleting after confirmation. */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, sessionClient, type FakeCall } from '@/app/test-utils';
import { useNotes } from '@/features/entries/api/get-notes';
import { NotesPanel, type NoteDraft } from '@/features/entries/components/notes-panel';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import { createQueryClient } from '@/lib/query-client';

const note = (id: string, atMs: number, text: string, createdAt = 1): NoteDto => ({
  id,
  atMs,
  endMs: null,
  title: null,
  text,
  tags: [],
  createdAt,
  updatedAt: createdAt,
});

type Answer = { status: number; body?: unknown } | undefined;

/** A notes API in memory: GET lists, POST adds, PATCH edits, DELETE removes; `override` answers first. */
function notesApi(initial: NoteDto[], override: (call: FakeCall) => Answer = () => undefined) {
  let notes = [...initial];
  let next = 100;
  const calls = fakeApi((call) => {
    const answer = override(call);
    if (answer) return answer;
    const base = '/api/v1/entry/e1/notes';
    if (call.url === base && call.method === 'GET') return { status: 200, body: { notes } };
    if (call.url === base && call.method === 'POST') {
      const body = call.body as {
        atMs: number;
        text: string;
        endMs?: number | null;
        title?: string | null;
        tags?: string[];
      };
      const created = {
        ...note(`n${next++}`, body.atMs, body.text, next),
        endMs: body.endMs ?? null,
        title: body.title ?? null,
        tags: body.tags ?? [],
      };
      notes.push(created);
      return { status: 201, body: created };
    }
    const id = call.url.startsWith(`${base}/`) ? call.url.slice(base.length + 1) : null;
    const existing = notes.find((item) => item.id === id);
    if (existing && call.method === 'PATCH') {
      const body = call.body as {
        atMs: number | null;
        text: string | null;
        endMs?: number | null;
        title?: string | null;
        tags?: string[];
      };
      const updated = {
        ...existing,
        atMs: body.atMs ?? existing.atMs,
        text: body.text ?? existing.text,
        endMs: body.endMs === undefined ? existing.endMs : body.endMs,
        title: body.title === undefined ? existing.title : body.title,
        tags: body.tags ?? existing.tags,
        updatedAt: 9,
      };
      notes = notes.map((item) => (item.id === id ? updated : item));
      return { status: 200, body: updated };
    }
    if (existing && call.method === 'DELETE') {
      notes = notes.filter((item) => item.id !== id);
      return { status: 200, body: { message: 'Nota eliminada' } };
    }
    return undefined;
  });
  return calls;
}

function Harness({
  draft = null,
  onSeek,
  onPlayClip,
  announce,
}: {
  draft?: NoteDraft | null;
  onSeek: (ms: number) => void;
  onPlayClip: (note: NoteDto) => void;
  announce: (text: string) => void;
}) {
  const notes = useNotes('e1');
  const [current, setCurrent] = useState(draft);
  return (
    <NotesPanel
      entryId="e1"
      notes={notes.data}
      loading={notes.isPending}
      loadFailed={notes.isError}
      onRetry={() => void notes.refetch()}
      durationMs={18_000}
      draft={current}
      onCloseDraft={() => setCurrent(null)}
      onSeek={onSeek}
      onPlayClip={onPlayClip}
      announce={announce}
    />
  );
}

function renderPanel(draft: NoteDraft | null = null, client = createQueryClient()) {
  const onSeek = vi.fn();
  const onPlayClip = vi.fn();
  const announce = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Harness draft={draft} onSeek={onSeek} onPlayClip={onPlayClip} announce={announce} />
    </QueryClientProvider>,
  );
  return { onSeek, onPlayClip, announce };
}

/** The notes (a clip's tags are a list of their own inside its item). */
const items = async () => {
  const list = await screen.findByTestId('entry-notes');
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
};
const texts = async () => (await items()).map((item) => item.querySelector('.entry-note__text')?.textContent);

describe('notes panel', () => {
  it('shows each note’s author with initials, and filters the notes by author (ADR 0019)', async () => {
    const ana = { id: 'u1', name: 'Ana García', initials: 'AG' };
    const bruno = { id: 'u2', name: 'Bruno', initials: 'B' };
    notesApi([
      { ...note('a', 1_000, 'De Ana'), author: ana },
      { ...note('b', 2_000, 'De Bruno'), author: bruno },
      { ...note('c', 3_000, 'Otra de Ana'), author: ana },
      note('d', 4_000, 'Sin autor'),
    ]);
    renderPanel();
    const [first] = await items();
    expect(within(first as HTMLElement).getByTestId('author-badge').textContent).toBe('AGPor Ana García');
    const filter = screen.getByLabelText('Autor') as HTMLSelectElement;
    expect(Array.from(filter.options).map((o) => o.textContent)).toEqual([
      'Todas las personas',
      'Ana García',
      'Bruno',
      'Cuenta eliminada',
    ]);
    fireEvent.change(filter, { target: { value: 'u1' } });
    expect((await items()).map((item) => item.querySelector('p')?.textContent)).toEqual(['De Ana', 'Otra de Ana']);
    expect(screen.getByRole('status').textContent).toBe('2 de 4 notas');
    fireEvent.change(filter, { target: { value: '-' } });
    expect((await items()).map((item) => item.querySelector('p')?.textContent)).toEqual(['Sin autor']);
    fireEvent.change(filter, { target: { value: '' } });
    expect(await items()).toHaveLength(4);
  });

  it('has no author filter while one person wrote every note', async () => {
    notesApi([{ ...note('a', 1_000, 'Una'), author: { id: 'u1', name: 'Ana', initials: 'A' } }]);
    renderPanel();
    await items();
    expect(screen.queryByLabelText('Autor')).toBeNull();
  });

  it('gives an observer Edit and Delete on notes but not on clips (a clip is a researcher’s, ADR 0019)', async () => {
    notesApi([note('a', 3_000, 'Nota'), { ...note('c', 5_000, 'Clip'), endMs: 9_000 }]);
    renderPanel(null, sessionClient('observer'));
    const [plain, clip] = await items();
    expect(within(plain as HTMLElement).getByRole('button', { name: 'Editar la nota de 00:03' })).toBeTruthy();
    // Delete is behind the note's menu (issue 45), not a red link on every note.
    expect(within(plain as HTMLElement).queryByRole('button', { name: 'Eliminar la nota de 00:03' })).toBeNull();
    fireEvent.click(within(plain as HTMLElement).getByRole('button', { name: 'Más acciones para la nota de 00:03' }));
    expect(within(plain as HTMLElement).getByRole('menuitem', { name: 'Eliminar la nota de 00:03' })).toBeTruthy();
    expect(within(clip as HTMLElement).getByRole('button', { name: /Reproducir/ })).toBeTruthy();
    expect(within(clip as HTMLElement).queryByRole('button', { name: /^Editar/ })).toBeNull();
    expect(within(clip as HTMLElement).queryByRole('button', { name: /^Más acciones/ })).toBeNull();
  });

  it('lists the notes in time order with mm:ss, and a note’s time seeks there', async () => {
    notesApi([note('b', 8_000, 'Segunda'), note('a', 3_000, 'Primera'), note('c', 8_000, 'Misma hora, después', 5)]);
    const { onSeek } = renderPanel();

    expect(await texts()).toEqual(['Primera', 'Segunda', 'Misma hora, después']);
    const at8 = screen.getAllByRole('button', { name: 'Ir a 00:08' });
    expect(at8).toHaveLength(2);
    fireEvent.click(at8[0] as HTMLElement);
    expect(onSeek).toHaveBeenCalledWith(8_000);
    fireEvent.click(screen.getByRole('button', { name: 'Ir a 00:03' }));
    expect(onSeek).toHaveBeenLastCalledWith(3_000);
  });

  it('says when there are no notes yet', async () => {
    notesApi([]);
    renderPanel();
    expect((await screen.findByTestId('entry-notes-empty')).textContent).toContain('Añadir nota');
  });

  it('adds a note at the playhead: time prefilled, text focused, Enter saves, empty text refused', async () => {
    const calls = notesApi([note('a', 9_000, 'Más tarde')]);
    const { announce } = renderPanel({ atMs: 5_400, endMs: null, nonce: 1 });

    await items();
    const text = screen.getByLabelText('Nota');
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect((screen.getByLabelText('Momento (mm:ss)') as HTMLInputElement).value).toBe('00:05');

    fireEvent.keyDown(text, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('La nota no puede estar vacía');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(text, { target: { value: 'No encuentra el buscador' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    await waitFor(async () => expect(await texts()).toEqual(['No encuentra el buscador', 'Más tarde']));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      atMs: 5_000,
      text: 'No encuentra el buscador',
      endMs: null,
      title: null,
      tags: [],
    });
    expect(screen.queryByLabelText('Nota')).toBeNull();
    expect(announce).toHaveBeenCalledWith('Nota guardada en 00:05');
  });

  it('saves a clip (a draft with an end) with a title and tags, shows its range, and plays it', async () => {
    const calls = notesApi([]);
    const { onPlayClip, announce } = renderPanel({ atMs: 3_200, endMs: 8_700, nonce: 1 });
    const title = await screen.findByLabelText('Título (opcional)');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect((screen.getByLabelText('Final del clip (mm:ss)') as HTMLInputElement).value).toBe('00:08');

    fireEvent.change(screen.getByLabelText('Final del clip (mm:ss)'), { target: { value: '00:02' } });
    fireEvent.change(title, { target: { value: 'Se pierde' } });
    fireEvent.keyDown(screen.getByLabelText('Nota'), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El final del clip debe ser posterior a su inicio y estar dentro de la grabación',
    );
    expect(screen.getByLabelText('Final del clip (mm:ss)').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Final del clip (mm:ss)'), { target: { value: '00:08' } });
    fireEvent.change(screen.getByLabelText('Etiquetas, separadas por comas'), {
      target: { value: 'Navegación, pago' },
    });
    fireEvent.keyDown(screen.getByLabelText('Nota'), { key: 'Enter' });
    await waitFor(async () => expect(await texts()).toEqual(['Se pierdenavegaciónpago']));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      atMs: 3_000,
      endMs: 8_000,
      title: 'Se pierde',
      text: '',
      tags: ['navegación', 'pago'],
    });
    expect(announce).toHaveBeenCalledWith('Clip guardado de 00:03 a 00:08');
    expect(screen.getByText('00:03–00:08')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reproducir clip 00:03–00:08' }));
    expect(onPlayClip).toHaveBeenCalledWith(expect.objectContaining({ atMs: 3_000, endMs: 8_000 }));
  });

  it('Shift+Enter does not save, and the server’s refusal is shown', async () => {
    const calls = notesApi([], (call) =>
      call.method === 'POST'
        ? { status: 400, body: { message: 'El momento de la nota no es válido', code: 'bad_note_time' } }
        : undefined,
    );
    renderPanel({ atMs: 1_000, endMs: null, nonce: 1 });
    const text = await screen.findByLabelText('Nota');
    fireEvent.change(text, { target: { value: 'Hola' } });
    fireEvent.keyDown(text, { key: 'Enter', shiftKey: true });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.keyDown(text, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('El momento de la nota no es válido');
  });

  it('edits a note in place (Escape cancels) and gives focus back to Edit', async () => {
    const calls = notesApi([note('a', 3_000, 'Primera'), note('b', 8_000, 'Segunda')]);
    const { announce } = renderPanel();
    await items();

    fireEvent.click(screen.getByRole('button', { name: 'Editar la nota de 00:03' }));
    const text = screen.getByLabelText('Nota') as HTMLTextAreaElement;
    expect(text.value).toBe('Primera');
    fireEvent.keyDown(text, { key: 'Escape' });
    expect(screen.queryByLabelText('Nota')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar la nota de 00:03' })),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Editar la nota de 00:03' }));
    fireEvent.change(screen.getByLabelText('Momento (mm:ss)'), { target: { value: '00:10' } });
    fireEvent.change(screen.getByLabelText('Nota'), { target: { value: 'Primera, corregida' } });
    fireEvent.keyDown(screen.getByLabelText('Nota'), { key: 'Enter' });

    await waitFor(async () => expect(await texts()).toEqual(['Segunda', 'Primera, corregida']));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: '/api/v1/entry/e1/notes/a',
      body: { atMs: 10_000, text: 'Primera, corregida' },
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar la nota de 00:10' })),
    );
    expect(announce).toHaveBeenCalledWith('Nota de 00:10 actualizada');
  });

  it('deletes a note only after confirmation', async () => {
    const calls = notesApi([note('a', 3_000, 'Primera'), note('b', 8_000, 'Segunda')]);
    const { announce } = renderPanel();
    await items();

    // The note's menu: opening it puts the focus on its first item, Escape closes it and gives the
    // focus back to the button.
    const more = screen.getByRole('button', { name: 'Más acciones para la nota de 00:08' });
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const remove = screen.getByRole('menuitem', { name: 'Eliminar la nota de 00:08' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(remove, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);

    fireEvent.click(more);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar la nota de 00:08' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar la nota?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(more);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar la nota de 00:08' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar nota' }));
    });
    await waitFor(async () => expect(await texts()).toEqual(['Primera']));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v1/entry/e1/notes/b');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(announce).toHaveBeenCalledWith('Nota de 00:08 eliminada');
    expect(document.activeElement?.id).toBe('entry-notes-title');
  });
});
