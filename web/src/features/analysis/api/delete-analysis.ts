/** DELETE /api/v1/analysis/{id}: removes the analysis, its entries and recordings; answers {message}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANALYSES_QUERY_KEY } from '@/lib/query-keys';
import { del } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const deleteAnalysis = (id: string) => del<MessageResponse>(apiPaths.analysisDelete(id));

/** The caller removes ['analysis', id] after leaving the page, so the screen never refetches a deleted id. */
export function useDeleteAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAnalysis(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYSES_QUERY_KEY }),
  });
}
