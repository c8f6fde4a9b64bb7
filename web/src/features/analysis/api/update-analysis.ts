/** PATCH /api/v1/analysis/{id}: every editable field again (same body as create); answers {analysisData}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeChangedAnalysis } from '@/features/analysis/api/analysis-cache';
import { patch } from '@/lib/api-client';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import { apiPaths } from '@/lib/api-paths';

export const updateAnalysis = (id: string, body: AnalysisRequest) =>
  patch<AnalysisResponse>(apiPaths.analysisUpdate(id), body);

export function useUpdateAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalysisRequest) => updateAnalysis(id, body),
    onSuccess: (data) => storeChangedAnalysis(queryClient, id, data),
  });
}
