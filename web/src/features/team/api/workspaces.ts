/**
 * The account's workspaces (GET /api/v1/workspaces), switching the current one and leaving one.
 * Switching or leaving changes what every screen shows: the dashboard opens, then the whole cache
 * is refreshed. Here, not in the caller's `mutate` callbacks, which a screen that gives way (the
 * 'Ya no tienes acceso' notice) would never run.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { teamKeys } from '@/features/team/api/query-keys';
import { post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import type { WorkspaceDto } from '@/lib/api-types/WorkspaceDto';
import type { WorkspacesResponse } from '@/lib/api-types/WorkspacesResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';
import { clearTeamAccessLost } from '@/lib/team-access-lost';

export const workspacesQueryOptions = () =>
  queryOptions(apiQuery<WorkspacesResponse>(teamKeys.workspaces(), apiPaths.workspaceList()));

export const useWorkspaces = () => useQuery(workspacesQueryOptions());

/** Everything cached belonged to the workspace the account just left or switched from. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await navigate(paths.dashboard, { replace: true });
    clearTeamAccessLost();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    await queryClient.invalidateQueries();
  };
}

export function useSwitchWorkspace() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: string) => post<WorkspaceDto>(apiPaths.workspaceSwitch(id)),
    onSuccess: refresh,
  });
}

export function useLeaveWorkspace() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: string) => post<MessageResponse>(apiPaths.workspaceLeave(id)),
    onSuccess: refresh,
  });
}
