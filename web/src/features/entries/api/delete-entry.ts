/**
 * DELETE /api/v1/entry/{id}: removes the recording (video and rows) → {message}. Afterwards the
 * entry's own cache goes and the analysis detail, its summary and the dashboard list refresh.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryQueryKey } from '@/features/entries/api/query-keys';
import { ANALYSES_QUERY_KEY, analysisQueryKey } from '@/lib/query-keys';
import { del } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const deleteEntry = (entryId: string) => del<MessageResponse>(apiPaths.entryDelete(entryId));

export function useDeleteEntry(entryId: string, analysisId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEntry(entryId),
    onSuccess: () => {
      // Not awaited: the page navigates away at once and the analysis detail refetches on its own.
      client.removeQueries({ queryKey: entryQueryKey(entryId) });
      void client.invalidateQueries({ queryKey: analysisQueryKey(analysisId) });
      void client.invalidateQueries({ queryKey: ANALYSES_QUERY_KEY });
    },
  });
}
