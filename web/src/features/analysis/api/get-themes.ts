/**
 * GET /api/v1/analysis/{id}/themes (issue 47, ADR 0021): the analysis's AI themes, made from its
 * participations' summaries, each with the verified quotes it cites. Under the analysis's own key,
 * so a refresh of the analysis asks again. While 'pending' (made after the last new summary, or
 * 'Regenerar' was asked) the section asks again every few seconds; the other states do not change
 * by waiting.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';
import { analysisQueryKey } from '@/lib/query-keys';
import type { AnalysisThemesResponse } from '@/lib/api-types/AnalysisThemesResponse';

/** How often themes being made are asked for again. */
export const THEMES_POLL_MS = 3_000;

export const themesQueryKey = (analysisId: string) => [...analysisQueryKey(analysisId), 'themes'] as const;

export const themesQueryOptions = (analysisId: string) =>
  queryOptions({
    ...apiQuery<AnalysisThemesResponse>(themesQueryKey(analysisId), apiPaths.themesGet(analysisId)),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? THEMES_POLL_MS : false),
  });

export const useThemes = (analysisId: string) => useQuery(themesQueryOptions(analysisId));
