/**
 * POST /api/v1/auth/login/local: signs in and primes the ['session'] cache with the user, then reads
 * the session again for what the login's answer leaves out (the current workspace and role, ADR 0019).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/components/session/use-session';
import { post } from '@/lib/api-client';
import type { LoginRequest } from '@/lib/api-types/LoginRequest';
import type { UserResponse } from '@/lib/api-types/UserResponse';
import { apiPaths } from '@/lib/api-paths';

export const login = (body: LoginRequest) => post<UserResponse>(apiPaths.authLogin(), body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      // A previous user's cached data must not leak into this session.
      queryClient.removeQueries();
      queryClient.setQueryData(SESSION_QUERY_KEY, data);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
