/**
 * Cache keys of the entry page. The analysis keys mirror the analysis feature's (features do not
 * import each other): the page reads the analysis for its task texts, and deleting a recording must
 * refresh the analysis detail, its summary and the dashboard list.
 */
export const entryQueryKey = (entryId: string) => ['entry', entryId] as const;

export const notesQueryKey = (entryId: string) => ['entry', entryId, 'notes'] as const;

/** ['analysis', id] is the analysis detail; ['analysis', id, 'summary'] sits under it. */
export const analysisQueryKey = (analysisId: string) => ['analysis', analysisId] as const;

export const ANALYSES_QUERY_KEY = ['analyses'] as const;
