/** GET /api/v1/analysis: the signed-in customer's analyses, newest first, cached under ['analyses']. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalysisListResponse } from '@/lib/api-types/AnalysisListResponse';
import { ANALYSES_QUERY_KEY } from '@/lib/query-keys';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const analysesQueryOptions = () =>
  queryOptions(apiQuery<AnalysisListResponse>(ANALYSES_QUERY_KEY, apiPaths.analysisList()));

export const useAnalyses = () => useQuery(analysesQueryOptions());
