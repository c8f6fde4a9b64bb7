/**
 * PATCH /api/v1/auth/update-user-password. The server then ends every other session and re-issues
 * this browser's cookie, so the cached session is refreshed afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/components/session/use-session';
import { patch } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import type { UpdatePasswordRequest } from '@/lib/api-types/UpdatePasswordRequest';
import { apiPaths } from '@/lib/api-paths';

export const updatePassword = (body: UpdatePasswordRequest) =>
  patch<MessageResponse>(apiPaths.authUpdatePassword(), body);

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
