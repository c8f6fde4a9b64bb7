/**
 * Cache keys of the entry page. The page also reads the analysis for its task texts, and deleting
 * a recording refreshes the analysis detail, its summary and the dashboard list: those keys are
 * shared (lib/query-keys).
 */
import { entryNotesQueryKey } from '@/lib/query-keys';

export const entryQueryKey = (entryId: string) => ['entry', entryId] as const;

/** Shared (lib/query-keys): the analysis page's 'Temas' makes clips too. */
export const notesQueryKey = entryNotesQueryKey;

export const transcriptQueryKey = (entryId: string) => ['entry', entryId, 'transcript'] as const;

export const summaryQueryKey = (entryId: string) => ['entry', entryId, 'summary'] as const;
