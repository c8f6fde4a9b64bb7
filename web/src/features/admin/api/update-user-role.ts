/**
 * PATCH /api/v1/admin/users/{id} {role}: makes a user admin or customer. The server refuses to
 * demote the last admin (400 last_admin). Afterwards every users page is refetched, and so is the
 * session when admins change their own role (they may just have lost the admin area).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/components/session/use-session';
import { adminKeys } from '@/features/admin/api/query-keys';
import { patch } from '@/lib/api-client';
import type { AdminUserDto } from '@/lib/api-types/AdminUserDto';
import type { AdminUserUpdate } from '@/lib/api-types/AdminUserUpdate';
import { apiPaths } from '@/lib/api-paths';

export type EditableRole = 'admin' | 'customer';

export const updateUserRole = (id: string, role: EditableRole) =>
  patch<AdminUserDto>(apiPaths.adminUserUpdate(id), { role } satisfies AdminUserUpdate);

export function useUpdateUserRole(currentUserId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: EditableRole }) => updateUserRole(id, role),
    onSuccess: async (_user, { id }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      if (id === currentUserId) await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
