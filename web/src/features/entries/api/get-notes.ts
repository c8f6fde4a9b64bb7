/** GET /api/v1/entry/{id}/notes: the researcher's notes on a recording, in time order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notesQueryKey } from '@/features/entries/api/query-keys';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NotesResponse } from '@/lib/api-types/NotesResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

/** Time order, earlier notes first at the same moment: the order the server lists them in. */
export const sortNotes = (notes: readonly NoteDto[]): NoteDto[] =>
  [...notes].sort((a, b) => a.atMs - b.atMs || a.createdAt - b.createdAt);

export const notesQueryOptions = (entryId: string) =>
  queryOptions({
    ...apiQuery<NotesResponse>(notesQueryKey(entryId), apiPaths.notesList(entryId)),
    select: (data) => sortNotes(data.notes),
  });

export const useNotes = (entryId: string) => useQuery(notesQueryOptions(entryId));
