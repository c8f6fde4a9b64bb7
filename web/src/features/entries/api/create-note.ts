/** POST /api/v1/entry/{id}/notes {atMs, text, endMs?, title?, tags?} → 201 with the note (a clip when it has an end). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putNote } from '@/features/entries/api/update-notes-cache';
import { post } from '@/lib/api-client';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NoteRequest } from '@/lib/api-types/NoteRequest';
import { apiPaths } from '@/lib/api-paths';

export interface NewNote {
  atMs: number;
  text: string;
  endMs?: number | null;
  title?: string | null;
  tags?: string[];
}

export const createNote = (entryId: string, note: NewNote) =>
  post<NoteDto>(apiPaths.noteCreate(entryId), {
    atMs: note.atMs,
    text: note.text,
    endMs: note.endMs ?? null,
    title: note.title ?? null,
    tags: note.tags ?? [],
  } satisfies NoteRequest);

export function useCreateNote(entryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: NewNote) => createNote(entryId, note),
    onSuccess: (note) => putNote(client, entryId, note),
  });
}
