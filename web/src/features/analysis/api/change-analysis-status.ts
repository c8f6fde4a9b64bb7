/**
 * POST /api/v1/analysis/{id}/close (→ completed) and /reopen (→ published; 400 analysis_full while
 * every place is taken). Both answer {analysisData}.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeChangedAnalysis } from '@/features/analysis/api/analysis-cache';
import { post } from '@/lib/api-client';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import { apiPaths } from '@/lib/api-paths';

export type StatusChange = 'close' | 'reopen';

export const changeAnalysisStatus = (id: string, change: StatusChange) =>
  post<AnalysisResponse>(change === 'close' ? apiPaths.analysisClose(id) : apiPaths.analysisReopen(id));

export function useChangeAnalysisStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => changeAnalysisStatus(id, change),
    onSuccess: (data) => storeChangedAnalysis(queryClient, id, data),
  });
}
