/**
 * Highlight reels (ADR 0012): the analysis's list, one reel with its playlist, and the writes
 * (create, rename or reorder with the whole `clipIds` list, add a clip, delete).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reelKey, reelsKey } from '@/features/insights/api/query-keys';
import { del, patch, post } from '@/lib/api-client';
import type { ReelClipRequest } from '@/lib/api-types/ReelClipRequest';
import type { ReelDto } from '@/lib/api-types/ReelDto';
import type { ReelRequest } from '@/lib/api-types/ReelRequest';
import type { ReelsResponse } from '@/lib/api-types/ReelsResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const useReels = (analysisId: string) =>
  useQuery({
    ...apiQuery<ReelsResponse>(reelsKey(analysisId), apiPaths.reelList(analysisId)),
    select: (data) => data.reels,
  });

export const useReel = (reelId: string | null) =>
  useQuery({
    ...apiQuery<ReelDto>(reelKey(reelId ?? ''), apiPaths.reelGet(reelId ?? '')),
    enabled: reelId !== null,
  });

/** After a write: the reel's answer is its new state; the list's counts follow. */
function useReelWrite<T>(analysisId: string, write: (input: T) => Promise<ReelDto>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (reel) => {
      client.setQueryData(reelKey(reel.id), reel);
      void client.invalidateQueries({ queryKey: reelsKey(analysisId) });
    },
  });
}

export const useCreateReel = (analysisId: string) =>
  useReelWrite(analysisId, (input: { title: string; clipIds: string[] }) =>
    post<ReelDto>(apiPaths.reelCreate(analysisId), {
      title: input.title,
      clipIds: input.clipIds,
    } satisfies ReelRequest),
  );

export const useUpdateReel = (analysisId: string, reelId: string) =>
  useReelWrite(analysisId, (input: { title?: string; clipIds?: string[] }) =>
    patch<ReelDto>(apiPaths.reelUpdate(reelId), {
      title: input.title ?? null,
      clipIds: input.clipIds ?? null,
    } satisfies ReelRequest),
  );

export const useAddToReel = (analysisId: string) =>
  useReelWrite(analysisId, (input: { reelId: string; clipId: string }) =>
    post<ReelDto>(apiPaths.reelClipAdd(input.reelId), {
      clipId: input.clipId,
      position: null,
    } satisfies ReelClipRequest),
  );

export function useDeleteReel(analysisId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reelId: string) => del<unknown>(apiPaths.reelDelete(reelId)),
    onSuccess: (_, reelId) => {
      client.removeQueries({ queryKey: reelKey(reelId) });
      void client.invalidateQueries({ queryKey: reelsKey(analysisId) });
    },
  });
}
