/**
 * DELETE /api/v1/admin/users/{id}: removes the account with its analyses, participations,
 * recordings and subscriptions. Refused for one's own account (400 self_delete) and the last admin.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/query-keys';
import { del } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const deleteUser = (id: string) => del<MessageResponse>(apiPaths.adminUserDelete(id));

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUser(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
