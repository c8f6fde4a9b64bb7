/** GET /api/v1/auth/password-reset?passwordResetToken=…: is this reset link still usable? */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SuccessResponse } from '@/lib/api-types/SuccessResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const resetTokenQueryOptions = (passwordResetToken: string) =>
  queryOptions({
    ...apiQuery<SuccessResponse>(['password-reset-token', passwordResetToken], apiPaths.authResetCheck(), {
      query: { passwordResetToken },
    }),
    // Checked once per visit: a token only gets worse with time, and a retry would not help.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

/** Disabled (never fetches) without a token: the screen shows the invalid-link state at once. */
export const useResetTokenCheck = (token: string | null) =>
  useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
