/**
 * GET /api/v1/entry/{id}/transcript (ADR 0018): the recording's lines with their words, on the
 * player's timeline, and how far transcription has come. While it is 'pending' or 'partial' the
 * page asks again every few seconds, so lines appear as windows are transcribed; 'complete',
 * 'disabled' and 'unavailable' do not change by waiting. The downloads are attachments.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '@/config/constants';
import { transcriptQueryKey } from '@/features/entries/api/query-keys';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';
import type { TranscriptResponse } from '@/lib/api-types/TranscriptResponse';

/** How often an unfinished transcript is asked for again. */
export const TRANSCRIPT_POLL_MS = 5_000;

/** Where 'Descargar transcripción' points: WebVTT or plain text. */
export const transcriptDownloadUrl = (entryId: string, format: 'vtt' | 'txt') =>
  `${API_BASE_PATH}${format === 'vtt' ? apiPaths.transcriptVtt(entryId) : apiPaths.transcriptText(entryId)}`;

const unfinished = (data: TranscriptResponse | undefined) => data?.status === 'pending' || data?.status === 'partial';

export const transcriptQueryOptions = (entryId: string) =>
  queryOptions({
    ...apiQuery<TranscriptResponse>(transcriptQueryKey(entryId), apiPaths.transcriptGet(entryId)),
    refetchInterval: (query) => (unfinished(query.state.data) ? TRANSCRIPT_POLL_MS : false),
    refetchOnWindowFocus: false,
  });

export const useTranscript = (entryId: string, enabled = true) =>
  useQuery({ ...transcriptQueryOptions(entryId), enabled });
