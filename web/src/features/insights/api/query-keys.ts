/** Cache keys of the insights screens: under the analysis's own key (lib/query-keys), so its refresh refreshes them too. */
import { analysisQueryKey } from '@/lib/query-keys';

export const analysisNotesKey = (analysisId: string) => [...analysisQueryKey(analysisId), 'notes'] as const;
export const reelsKey = (analysisId: string) => [...analysisQueryKey(analysisId), 'reels'] as const;
export const reelKey = (reelId: string) => ['reel', reelId] as const;
export const sharesKey = (analysisId: string) => [...analysisQueryKey(analysisId), 'shares'] as const;
