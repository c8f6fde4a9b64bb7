/**
 * Cache keys that several features read or refresh: the dashboard's analysis list and one
 * analysis. Its summary (analysis), an entry's analysis (entries) and the notes, reels and shares
 * (insights) sit under ['analysis', id], so refreshing the analysis refreshes them too. The
 * analysis's notes and reels and one entry's notes are also here: the 'Temas' section (analysis)
 * makes clips and reels that those lists (insights, entries) then show.
 */
export const ANALYSES_QUERY_KEY = ['analyses'] as const;

export const analysisQueryKey = (analysisId: string) => ['analysis', analysisId] as const;

/** The analysis's notes and clips across its recordings ('Notas y clips'). */
export const analysisNotesQueryKey = (analysisId: string) => [...analysisQueryKey(analysisId), 'notes'] as const;

/** The analysis's highlight reels. */
export const analysisReelsQueryKey = (analysisId: string) => [...analysisQueryKey(analysisId), 'reels'] as const;

/** One recording's notes and clips (the player's list). */
export const entryNotesQueryKey = (entryId: string) => ['entry', entryId, 'notes'] as const;
