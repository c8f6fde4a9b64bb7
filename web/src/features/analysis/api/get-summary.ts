/**
 * GET /api/v1/analysis/{id}/summary: time per task across submitted recordings, and per
 * recording its length and note count. Under the analysis' own key, so every refresh of the
 * analysis refreshes its summary too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisQueryKey } from '@/lib/query-keys';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const summaryQueryOptions = (analysisId: string) =>
  queryOptions({
    ...apiQuery<AnalysisSummaryResponse>(
      [...analysisQueryKey(analysisId), 'summary'] as const,
      apiPaths.analysisSummary(analysisId),
    ),
  });

/** Only asked for once a recording was submitted (before that there is nothing to sum). */
export const useSummary = (analysisId: string, enabled: boolean) =>
  useQuery({ ...summaryQueryOptions(analysisId), enabled });
