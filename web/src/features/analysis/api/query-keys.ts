/**
 * Cache keys of analysis data. ['analyses'] is the dashboard's list (features do not import each
 * other, so the key is repeated here); every mutation below refreshes it.
 */
export const ANALYSES_QUERY_KEY = ['analyses'] as const;

export const analysisQueryKey = (id: string) => ['analysis', id] as const;
