/**
 * GET /api/v1/admin/?page=&pageSize=&q=: one page of users, optionally filtered by an e-mail
 * fragment. The previous page stays on screen while the next one loads (no flash of spinner).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/query-keys';
import type { AdminUsersResponse } from '@/lib/api-types/AdminUsersResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

/** Rows per page of the users table. */
export const USERS_PAGE_SIZE = 50;

export interface UsersParams {
  page: number;
  pageSize: number;
  /** E-mail fragment; empty lists everyone. */
  q: string;
}

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    // Product §7's clients call `/admin/`; the router treats it as `/admin`.
    ...apiQuery<AdminUsersResponse>(adminKeys.usersPage(params), `${apiPaths.adminUsers()}/`, {
      query: { page: params.page, pageSize: params.pageSize, q: params.q || undefined },
    }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersParams) => useQuery(usersQueryOptions(params));
