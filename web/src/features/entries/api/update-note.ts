/**
 * PATCH /api/v1/entry/{id}/notes/{noteId} {text?, atMs?, endMs?, title?, tags?} → the note. A
 * missing field stays; `endMs: null` turns a clip back into a note, `title: null` removes it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putNote } from '@/features/entries/api/update-notes-cache';
import { patch } from '@/lib/api-client';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NoteRequest } from '@/lib/api-types/NoteRequest';
import { apiPaths } from '@/lib/api-paths';

export interface NoteChange {
  noteId: string;
  atMs?: number;
  text?: string;
  endMs?: number | null;
  title?: string | null;
  tags?: string[];
}

export const updateNote = (entryId: string, { noteId, atMs, text, endMs, title, tags }: NoteChange) => {
  const body: NoteRequest = { atMs: atMs ?? null, text: text ?? null };
  if (endMs !== undefined) body.endMs = endMs;
  if (title !== undefined) body.title = title;
  if (tags !== undefined) body.tags = tags;
  return patch<NoteDto>(apiPaths.noteUpdate(entryId, noteId), body);
};

export function useUpdateNote(entryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) => updateNote(entryId, change),
    onSuccess: (note) => putNote(client, entryId, note),
  });
}
