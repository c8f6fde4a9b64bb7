/**
 * GET /api/v1/entry/{id}/summary (ADR 0021): the participation's AI summary, findings per task
 * with the quotes the server verified. While it is 'pending' (the transcript is still being made,
 * or 'Regenerar' was asked) the page asks again every few seconds; the other states do not change
 * by waiting. Asked for once the 'Resumen' tab has been opened.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { summaryQueryKey } from '@/features/entries/api/query-keys';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';
import type { EntrySummaryResponse } from '@/lib/api-types/EntrySummaryResponse';

/** How often an unfinished summary is asked for again. */
export const SUMMARY_POLL_MS = 5_000;

export const summaryQueryOptions = (entryId: string) =>
  queryOptions({
    ...apiQuery<EntrySummaryResponse>(summaryQueryKey(entryId), apiPaths.summaryGet(entryId)),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? SUMMARY_POLL_MS : false),
    refetchOnWindowFocus: false,
  });

export const useSummary = (entryId: string, enabled = true) => useQuery({ ...summaryQueryOptions(entryId), enabled });
