/**
 * GET /api/v1/analysis/{id}/transcript-search?q=… (ADR 0018): where the words were said in any of
 * the analysis's recordings, each with the participant, the task, the moment and the words around
 * it ('Participante N' as the participations table names the person). Asked when the researcher
 * submits, not on every key; the answer is kept a minute. The server takes 2–100 characters.
 */
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';
import type { TranscriptSearchResponse } from '@/lib/api-types/TranscriptSearchResponse';

export const useTranscriptSearch = (analysisId: string, query: string) =>
  useQuery({
    ...apiQuery<TranscriptSearchResponse>(
      ['analysis', analysisId, 'transcript-search', query],
      apiPaths.transcriptSearch(analysisId),
      { query: { q: query } },
    ),
    enabled: query.trim() !== '',
    staleTime: 60_000,
    select: (data) => data.results,
  });
