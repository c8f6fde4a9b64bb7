/**
 * The signed-in user, from GET /api/v1/auth/session, cached under ['session'] for every feature.
 * A 401 (no or revoked session) is an error: guards redirect to /auth/login on any error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/lib/api-client';
import type { UserResponse } from '@/lib/api-types/UserResponse';
import { apiPaths } from '@/lib/api-paths';

export const SESSION_QUERY_KEY = ['session'] as const;

export const fetchSession = (signal?: AbortSignal) => get<UserResponse>(apiPaths.authSession(), { signal });

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
  });

/** `data.user` is the signed-in user once loaded; `isError` means "not signed in" (or unreachable). */
export const useSession = () => useQuery(sessionQueryOptions());
