/**
 * GET /api/v1/entry/{id}: the signed recording URL (valid 1 h), the analysis it belongs to, its
 * duration, step marks and chapters. Each answer carries a new signature, which would reload the
 * video, so the page never refetches on its own: only when the player reports the URL has failed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryQueryKey } from '@/features/entries/api/query-keys';
import type { EntryPageResponse } from '@/lib/api-types/EntryPageResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const entryQueryOptions = (entryId: string) =>
  queryOptions({
    ...apiQuery<EntryPageResponse>(entryQueryKey(entryId), apiPaths.entryPage(entryId)),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // A URL older than its hour is useless; a later visit asks again.
    gcTime: 5 * 60_000,
  });

export const useEntry = (entryId: string) => useQuery(entryQueryOptions(entryId));
