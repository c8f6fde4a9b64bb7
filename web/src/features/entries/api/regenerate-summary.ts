/**
 * POST /api/v1/entry/{id}/summary ('Regenerar', ADR 0021) → 202 with the summary 'pending': the
 * cache takes the answer, so the tab shows it is being made and polls until it is complete.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { summaryQueryKey } from '@/features/entries/api/query-keys';
import { post } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import type { EntrySummaryResponse } from '@/lib/api-types/EntrySummaryResponse';

export const regenerateSummary = (entryId: string) => post<EntrySummaryResponse>(apiPaths.summaryRegenerate(entryId));

export function useRegenerateSummary(entryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateSummary(entryId),
    onSuccess: (answer) => client.setQueryData(summaryQueryKey(entryId), answer),
  });
}
