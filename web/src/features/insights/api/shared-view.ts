/**
 * GET /api/v1/share/{token}: what a share link shows, for someone without an account. Each answer
 * counts a view, so it is fetched once per page load (no refetch on focus or retry).
 */
import { useQuery } from '@tanstack/react-query';
import { get } from '@/lib/api-client';
import type { SharedViewResponse } from '@/lib/api-types/SharedViewResponse';
import { apiPaths } from '@/lib/api-paths';

export const useSharedView = (token: string) =>
  useQuery({
    queryKey: ['share', token],
    queryFn: ({ signal }) => get<SharedViewResponse>(apiPaths.sharedView(token), { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
