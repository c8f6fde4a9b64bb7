/**
 * POST /api/v1/analysis/{id}/themes/{n}/reel ('Crear reel', n from 1) → 201 with the reel: titled
 * as the theme, a clip of each of its quotes ±2 s, in one write. 402 without a subscription, 404
 * when the theme is gone (made again since). The analysis's notes and reels lists follow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { analysisNotesQueryKey, analysisReelsQueryKey } from '@/lib/query-keys';
import type { ReelDto } from '@/lib/api-types/ReelDto';

export const createThemeReel = (analysisId: string, themeNumber: number) =>
  post<ReelDto>(apiPaths.themeReel(analysisId, String(themeNumber)));

export function useCreateThemeReel(analysisId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (themeNumber: number) => createThemeReel(analysisId, themeNumber),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: analysisReelsQueryKey(analysisId) });
      void client.invalidateQueries({ queryKey: analysisNotesQueryKey(analysisId) });
    },
  });
}
