/** GET /api/v1/analysis: the signed-in customer's analyses, newest first, cached under ['analyses']. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/lib/api-client';
import type { AnalysisListResponse } from '@/lib/api-types/AnalysisListResponse';
import { ANALYSES_QUERY_KEY } from '@/lib/query-keys';
import { apiPaths } from '@/lib/api-paths';

export const fetchAnalyses = (signal?: AbortSignal) => get<AnalysisListResponse>(apiPaths.analysisList(), { signal });

export const analysesQueryOptions = () =>
  queryOptions({
    queryKey: ANALYSES_QUERY_KEY,
    queryFn: ({ signal }) => fetchAnalyses(signal),
  });

export const useAnalyses = () => useQuery(analysesQueryOptions());
