/** POST /api/v1/analysis: 201 {analysisData}; 400 with the first rule broken, 402 without a subscription. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANALYSES_QUERY_KEY, analysisQueryKey } from '@/lib/query-keys';
import { post } from '@/lib/api-client';
import type { AnalysisListResponse } from '@/lib/api-types/AnalysisListResponse';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import { apiPaths } from '@/lib/api-paths';

export const createAnalysis = (body: AnalysisRequest) => post<AnalysisResponse>(apiPaths.analysisCreate(), body);

export function useCreateAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnalysis,
    onSuccess: async ({ analysisData }) => {
      queryClient.setQueryData(analysisQueryKey(analysisData.id), { analysisData });
      // The dashboard the success modal leads to lists the new analysis, with its 'Copiar enlace',
      // at once (ADR 0015), not after its list is fetched again; that fetch still follows.
      queryClient.setQueryData<AnalysisListResponse>(ANALYSES_QUERY_KEY, (list) =>
        list && !list.analyses.some((analysis) => analysis.id === analysisData.id)
          ? { analyses: [analysisData, ...list.analyses] }
          : list,
      );
      await queryClient.invalidateQueries({ queryKey: ANALYSES_QUERY_KEY });
    },
  });
}
