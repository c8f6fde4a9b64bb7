/**
 * GET /api/v1/analysis/{id}: the analysis a recording belongs to, read for its task texts (the
 * chapters only say 'Task N'). Shares the analysis detail's cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisQueryKey } from '@/lib/query-keys';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const entryAnalysisQueryOptions = (analysisId: string) =>
  queryOptions(apiQuery<AnalysisResponse>(analysisQueryKey(analysisId), apiPaths.analysisGet(analysisId)));

/** Waits for the entry to name its analysis. */
export const useEntryAnalysis = (analysisId: string | undefined) =>
  useQuery({ ...entryAnalysisQueryOptions(analysisId ?? ''), enabled: Boolean(analysisId) });
