/** GET /api/v1/analysisEntry/{id}: a short-lived presigned URL of one participation's recording. */
import { useMutation } from '@tanstack/react-query';
import { get } from '@/lib/api-client';
import type { EntryUrlResponse } from '@/lib/api-types/EntryUrlResponse';
import { apiPaths } from '@/lib/api-paths';

export type EntryRecordingResponse = EntryUrlResponse;

export const fetchEntryRecording = (entryId: string) => get<EntryRecordingResponse>(apiPaths.entryUrl(entryId));

/** A mutation, not a query: each click asks for a fresh URL (they expire) and nothing is cached. */
export const useEntryRecording = () => useMutation({ mutationFn: fetchEntryRecording });
