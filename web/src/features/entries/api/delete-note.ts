/** DELETE /api/v1/entry/{id}/notes/{noteId} → {message}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dropNote } from '@/features/entries/api/update-notes-cache';
import { del } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const deleteNote = (entryId: string, noteId: string) =>
  del<MessageResponse>(apiPaths.noteDelete(entryId, noteId));

export function useDeleteNote(entryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(entryId, noteId),
    onSuccess: (_answer, noteId) => dropNote(client, entryId, noteId),
  });
}
