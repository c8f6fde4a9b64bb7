/**
 * The signed-in user, from GET /api/v1/auth/session, cached under ['session'] for every feature.
 * A 401 (no or revoked session) is an error: guards redirect to /auth/login on any error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@/lib/api-types/UserResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const SESSION_QUERY_KEY = ['session'] as const;

export const sessionQueryOptions = () =>
  queryOptions(apiQuery<UserResponse>(SESSION_QUERY_KEY, apiPaths.authSession()));

/** `data.user` is the signed-in user once loaded; `isError` means "not signed in" (or unreachable). */
export const useSession = () => useQuery(sessionQueryOptions());
