/** TanStack Query keys of the admin area, in one place so mutations invalidate what lists read. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersPage: (params: { page: number; pageSize: number; q: string }) => [...adminKeys.users(), params] as const,
  waitlist: () => [...adminKeys.all, 'waitlist'] as const,
  workspaces: (params: { page: number; pageSize: number; q: string }) =>
    [...adminKeys.all, 'workspaces', params] as const,
};
