/**
 * 'Crear clip' on a theme's quote: POST /api/v1/entry/{id}/notes with a clip of the quote ±2 s
 * (within the recording, as the server's 'Crear reel' makes them), titled as the theme and holding
 * the quote's words. A clip needs a subscription (402). The recording's and the analysis's notes
 * lists follow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { analysisNotesQueryKey, entryNotesQueryKey } from '@/lib/query-keys';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { NoteRequest } from '@/lib/api-types/NoteRequest';
import type { ThemeQuoteDto } from '@/lib/api-types/ThemeQuoteDto';

/** What a quote's clip adds on each side of it. */
export const QUOTE_CLIP_SLACK_MS = 2_000;

/**
 * The clip of a quote: 2 s before it (not before the start) to 2 s after it, cut at the
 * recording's end when its length is known (the server refuses a clip that ends past it).
 */
export function quoteClip(quote: ThemeQuoteDto, title: string, durationMs?: number | null): NoteRequest {
  const end = quote.endMs + QUOTE_CLIP_SLACK_MS;
  return {
    atMs: Math.max(0, quote.startMs - QUOTE_CLIP_SLACK_MS),
    endMs: durationMs != null && durationMs > quote.endMs ? Math.min(end, durationMs) : end,
    // The server's limit on a clip's title (a reel's clips are cut the same way).
    title: [...title].slice(0, 200).join(''),
    text: quote.text,
    tags: [],
  };
}

export function useCreateQuoteClip(analysisId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, clip }: { entryId: string; clip: NoteRequest }) =>
      post<NoteDto>(apiPaths.noteCreate(entryId), clip),
    onSuccess: (_note, { entryId }) => {
      void client.invalidateQueries({ queryKey: entryNotesQueryKey(entryId) });
      void client.invalidateQueries({ queryKey: analysisNotesQueryKey(analysisId) });
    },
  });
}
