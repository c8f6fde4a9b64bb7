/** GET /api/v1/auth/password-reset?passwordResetToken=…: is this reset link still usable? */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/lib/api-client';
import type { SuccessResponse } from '@/lib/api-types/SuccessResponse';
import { apiPaths } from '@/lib/api-paths';

export const checkResetToken = (passwordResetToken: string, signal?: AbortSignal) =>
  get<SuccessResponse>(apiPaths.authResetCheck(), { query: { passwordResetToken }, signal });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-reset-token', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    // Checked once per visit: a token only gets worse with time, and a retry would not help.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

/** Disabled (never fetches) without a token: the screen shows the invalid-link state at once. */
export const useResetTokenCheck = (token: string | null) =>
  useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
