/** GET /api/v1/analysis/{id}/notes?tag=&task=&kind=: every note and clip of the analysis, and its tags with counts. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analysisNotesKey } from '@/features/insights/api/query-keys';
import type { AnalysisNotesResponse } from '@/lib/api-types/AnalysisNotesResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export interface NotesFilter {
  tag: string | null;
  task: number | null;
  kind: 'note' | 'clip' | null;
}

export const NO_FILTER: NotesFilter = { tag: null, task: null, kind: null };

export const useAnalysisNotes = (analysisId: string, filter: NotesFilter = NO_FILTER) =>
  useQuery({
    ...apiQuery<AnalysisNotesResponse>(
      [...analysisNotesKey(analysisId), filter] as const,
      apiPaths.analysisNotes(analysisId),
      {
        query: { tag: filter.tag, task: filter.task, kind: filter.kind },
      },
    ),
    // Changing a filter keeps the last list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
