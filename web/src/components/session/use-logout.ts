/**
 * Logging out: POST /api/v1/auth/logout, then leave for `to` and forget every cached answer (they
 * belonged to this user). The cache is cleared after navigating, so the guard of the page being
 * left does not see a missing session and redirect to /auth/login on the way out.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError, post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const logout = () => post<MessageResponse>(apiPaths.authLogout());

export function useLogout(to = '/') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        // 401: the session was already gone, which is what the user asked for.
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSuccess: async () => {
      await navigate(to);
      queryClient.removeQueries();
    },
  });
}
