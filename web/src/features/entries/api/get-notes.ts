/** GET /api/v1/entry/{id}/notes: the researcher's notes on a recording, in time order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notesQueryKey } from '@/features/entries/api/query-keys';
import { get } from '@/lib/api-client';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NotesResponse } from '@/lib/api-types/NotesResponse';
import { apiPaths } from '@/lib/api-paths';

export const fetchNotes = (entryId: string, signal?: AbortSignal) =>
  get<NotesResponse>(apiPaths.notesList(entryId), { signal });

/** Time order, earlier notes first at the same moment: the order the server lists them in. */
export const sortNotes = (notes: readonly NoteDto[]): NoteDto[] =>
  [...notes].sort((a, b) => a.atMs - b.atMs || a.createdAt - b.createdAt);

export const notesQueryOptions = (entryId: string) =>
  queryOptions({
    queryKey: notesQueryKey(entryId),
    queryFn: ({ signal }) => fetchNotes(entryId, signal),
    select: (data) => sortNotes(data.notes),
  });

export const useNotes = (entryId: string) => useQuery(notesQueryOptions(entryId));
