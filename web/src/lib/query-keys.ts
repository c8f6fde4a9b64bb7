/**
 * Cache keys that several features read or refresh: the dashboard's analysis list and one
 * analysis. Its summary (analysis), an entry's analysis (entries) and the notes, reels and shares
 * (insights) sit under ['analysis', id], so refreshing the analysis refreshes them too.
 */
export const ANALYSES_QUERY_KEY = ['analyses'] as const;

export const analysisQueryKey = (analysisId: string) => ['analysis', analysisId] as const;
