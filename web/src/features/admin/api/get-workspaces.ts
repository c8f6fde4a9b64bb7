/**
 * GET /api/v1/admin/workspaces?page=&pageSize=&q=: one page of workspaces with their seats,
 * subscription and members (ADR 0019). The previous page stays on screen while the next loads.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/query-keys';
import type { AdminWorkspacesResponse } from '@/lib/api-types/AdminWorkspacesResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

/** Rows per page of the workspaces table. */
export const WORKSPACES_PAGE_SIZE = 25;

export const useWorkspacesPage = (params: { page: number; q: string }) => {
  const key = { ...params, pageSize: WORKSPACES_PAGE_SIZE };
  return useQuery(
    queryOptions({
      ...apiQuery<AdminWorkspacesResponse>(adminKeys.workspaces(key), apiPaths.adminWorkspaces(), {
        query: { page: params.page, pageSize: WORKSPACES_PAGE_SIZE, q: params.q || undefined },
      }),
      placeholderData: keepPreviousData,
    }),
  );
};
