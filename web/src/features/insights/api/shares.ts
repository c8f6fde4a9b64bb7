/** Share links (ADR 0012): the analysis's links with views and state, creating one (its URL is shown once) and revoking. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharesKey } from '@/features/insights/api/query-keys';
import { post } from '@/lib/api-client';
import type { ShareCreatedResponse } from '@/lib/api-types/ShareCreatedResponse';
import type { ShareDto } from '@/lib/api-types/ShareDto';
import type { ShareRequest } from '@/lib/api-types/ShareRequest';
import type { SharesResponse } from '@/lib/api-types/SharesResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export type ShareKind = 'recording' | 'clip' | 'reel' | 'summary';
export const EXPIRY_DAYS = [7, 30, 90] as const;
export type ExpiryDays = (typeof EXPIRY_DAYS)[number];

/** `enabled: false` for an observer of the team, whose role may not list links (ADR 0019). */
export const useShares = (analysisId: string, enabled = true) =>
  useQuery({
    ...apiQuery<SharesResponse>(sharesKey(analysisId), apiPaths.shareList(analysisId)),
    enabled,
    select: (data) => data.shares,
  });

export interface NewShare {
  kind: ShareKind;
  targetId: string | null;
  expiresInDays: ExpiryDays;
  hideCamera: boolean;
  includeNotes: boolean;
  /** Recordings and clips: the page shows the transcript as captions (ADR 0018). */
  captions: boolean;
}

export function useCreateShare(analysisId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (share: NewShare) =>
      post<ShareCreatedResponse>(apiPaths.shareCreate(analysisId), share satisfies ShareRequest),
    onSuccess: () => void client.invalidateQueries({ queryKey: sharesKey(analysisId) }),
  });
}

export function useRevokeShare(analysisId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => post<ShareDto>(apiPaths.shareRevoke(shareId)),
    onSuccess: () => void client.invalidateQueries({ queryKey: sharesKey(analysisId) }),
  });
}
