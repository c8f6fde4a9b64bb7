/**
 * GET /api/v1/share/{token}: what a share link shows, for someone without an account. Each answer
 * counts a view, so it is fetched once per page load (no refetch on focus or retry).
 */
import { useQuery } from '@tanstack/react-query';
import type { SharedViewResponse } from '@/lib/api-types/SharedViewResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const useSharedView = (token: string) =>
  useQuery({
    ...apiQuery<SharedViewResponse>(['share', token], apiPaths.sharedView(token)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
