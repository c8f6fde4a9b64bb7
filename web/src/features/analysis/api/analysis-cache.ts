/**
 * What follows a change to an analysis (edit, close, reopen): the server answers with the analysis
 * as it now is, which becomes the detail's cache entry at once, and the dashboard's list, which
 * shows name and status too, is read again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ANALYSES_QUERY_KEY, analysisQueryKey } from '@/lib/query-keys';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';

export async function storeChangedAnalysis(
  queryClient: QueryClient,
  id: string,
  answer: AnalysisResponse,
): Promise<void> {
  queryClient.setQueryData(analysisQueryKey(id), answer);
  await queryClient.invalidateQueries({ queryKey: ANALYSES_QUERY_KEY });
}
