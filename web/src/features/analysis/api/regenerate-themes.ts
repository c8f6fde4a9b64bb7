/**
 * POST /api/v1/analysis/{id}/themes ('Regenerar', ADR 0021) → 202 with the themes 'pending' (the
 * last ones still in it): the cache takes the answer, so the section says they are being made and
 * polls until they are complete. 409 before two participations are summarised or with summaries
 * off, 503 without a provider, 403 for observers.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { themesQueryKey } from '@/features/analysis/api/get-themes';
import { post } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import type { AnalysisThemesResponse } from '@/lib/api-types/AnalysisThemesResponse';

export const regenerateThemes = (analysisId: string) =>
  post<AnalysisThemesResponse>(apiPaths.themesRegenerate(analysisId));

export function useRegenerateThemes(analysisId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateThemes(analysisId),
    onSuccess: (answer) => client.setQueryData(themesQueryKey(analysisId), answer),
  });
}
