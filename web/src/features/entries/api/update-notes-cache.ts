/** Writes a saved or deleted note into the cached list at once, so the list follows without a refetch. */
import type { QueryClient } from '@tanstack/react-query';
import { notesQueryKey } from '@/features/entries/api/query-keys';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NotesResponse } from '@/lib/api-types/NotesResponse';

export function putNote(client: QueryClient, entryId: string, note: NoteDto): void {
  client.setQueryData<NotesResponse>(notesQueryKey(entryId), (data) =>
    data ? { notes: [...data.notes.filter((other) => other.id !== note.id), note] } : data,
  );
}

export function dropNote(client: QueryClient, entryId: string, noteId: string): void {
  client.setQueryData<NotesResponse>(notesQueryKey(entryId), (data) =>
    data ? { notes: data.notes.filter((note) => note.id !== noteId) } : data,
  );
}
