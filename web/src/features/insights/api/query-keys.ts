/** Cache keys of the insights screens: under the analysis's own key (lib/query-keys), so its refresh refreshes them too. */
import { analysisNotesQueryKey, analysisQueryKey, analysisReelsQueryKey } from '@/lib/query-keys';

export const analysisNotesKey = analysisNotesQueryKey;
export const reelsKey = analysisReelsQueryKey;
export const reelKey = (reelId: string) => ['reel', reelId] as const;
export const sharesKey = (analysisId: string) => [...analysisQueryKey(analysisId), 'shares'] as const;
