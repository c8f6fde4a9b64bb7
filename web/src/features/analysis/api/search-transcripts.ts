/**
 * GET /api/v1/analysis/{id}/transcript-search?q=… (ADR 0018): where the words were said in any of
 * the analysis's recordings, each with the participant, the task, the moment and the words around
 * it. Asked when the researcher submits, not on every key; the answer is kept a minute.
 */
import { useQuery } from '@tanstack/react-query';
import { get } from '@/lib/api-client';
import type { TranscriptSearchResponse } from '@/lib/transcript-types';

const path = (analysisId: string) => `/analysis/${encodeURIComponent(analysisId)}/transcript-search`;

export const useTranscriptSearch = (analysisId: string, query: string) =>
  useQuery({
    queryKey: ['analysis', analysisId, 'transcript-search', query],
    queryFn: ({ signal }) => get<TranscriptSearchResponse>(path(analysisId), { signal, query: { q: query } }),
    enabled: query.trim() !== '',
    staleTime: 60_000,
    select: (data) => data.results,
  });
