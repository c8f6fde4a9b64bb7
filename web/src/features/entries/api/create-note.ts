/** POST /api/v1/entry/{id}/notes {atMs, text} → 201 with the note. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putNote } from '@/features/entries/api/update-notes-cache';
import { post } from '@/lib/api-client';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NoteRequest } from '@/lib/api-types/NoteRequest';

export interface NewNote {
  atMs: number;
  text: string;
}

export const createNote = (entryId: string, note: NewNote) =>
  post<NoteDto>(`/entry/${encodeURIComponent(entryId)}/notes`, { atMs: note.atMs, text: note.text } satisfies NoteRequest);

export function useCreateNote(entryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: NewNote) => createNote(entryId, note),
    onSuccess: (note) => putNote(client, entryId, note),
  });
}
