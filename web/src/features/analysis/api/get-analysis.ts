/**
 * GET /api/v1/analysis/{id}: one analysis with its entries, cached under ['analysis', id]; 404 when
 * not yours. While a participation is in progress the list is asked for again every 10 s, only
 * while the page is visible, so its task and time recorded move without a reload (ADR 0016: one
 * D1 read and one object request per live participation each time, not a socket per row).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { anyoneLive } from '@/features/analysis/lib/participations';
import { analysisQueryKey } from '@/lib/query-keys';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const analysisQueryOptions = (id: string) =>
  queryOptions({
    ...apiQuery<AnalysisResponse>(analysisQueryKey(id), apiPaths.analysisGet(id)),
    refetchInterval: (query) => (anyoneLive(query.state.data?.analysisData.AnalysisEntries) ? LIVE_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });

export const LIVE_REFRESH_MS = 10_000;

export const useAnalysis = (id: string) => useQuery(analysisQueryOptions(id));
