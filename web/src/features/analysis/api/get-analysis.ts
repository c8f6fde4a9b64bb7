/** GET /api/v1/analysis/{id}: one analysis with its entries, cached under ['analysis', id]; 404 when not yours. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisQueryKey } from '@/lib/query-keys';
import { get } from '@/lib/api-client';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import { apiPaths } from '@/lib/api-paths';

export const fetchAnalysis = (id: string, signal?: AbortSignal) =>
  get<AnalysisResponse>(apiPaths.analysisGet(id), { signal });

export const analysisQueryOptions = (id: string) =>
  queryOptions({
    queryKey: analysisQueryKey(id),
    queryFn: ({ signal }) => fetchAnalysis(id, signal),
  });

export const useAnalysis = (id: string) => useQuery(analysisQueryOptions(id));
