/**
 * GET /api/v1/analysis/{id}: the analysis a recording belongs to, read for its task texts (the
 * chapters only say 'Task N'). Shares the analysis detail's cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisQueryKey } from '@/lib/query-keys';
import { get } from '@/lib/api-client';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import { apiPaths } from '@/lib/api-paths';

export const fetchEntryAnalysis = (analysisId: string, signal?: AbortSignal) =>
  get<AnalysisResponse>(apiPaths.analysisGet(analysisId), { signal });

export const entryAnalysisQueryOptions = (analysisId: string) =>
  queryOptions({
    queryKey: analysisQueryKey(analysisId),
    queryFn: ({ signal }) => fetchEntryAnalysis(analysisId, signal),
  });

/** Waits for the entry to name its analysis. */
export const useEntryAnalysis = (analysisId: string | undefined) =>
  useQuery({ ...entryAnalysisQueryOptions(analysisId ?? ''), enabled: Boolean(analysisId) });
