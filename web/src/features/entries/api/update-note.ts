/** PATCH /api/v1/entry/{id}/notes/{noteId} {text?, atMs?} → the note. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putNote } from '@/features/entries/api/update-notes-cache';
import { patch } from '@/lib/api-client';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NoteRequest } from '@/lib/api-types/NoteRequest';

export interface NoteChange {
  noteId: string;
  atMs?: number;
  text?: string;
}

export const updateNote = (entryId: string, { noteId, atMs, text }: NoteChange) =>
  patch<NoteDto>(`/entry/${encodeURIComponent(entryId)}/notes/${encodeURIComponent(noteId)}`, {
    atMs: atMs ?? null,
    text: text ?? null,
  } satisfies NoteRequest);

export function useUpdateNote(entryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) => updateNote(entryId, change),
    onSuccess: (note) => putNote(client, entryId, note),
  });
}
