/**
 * The account's workspaces (GET /api/v1/workspaces), switching the current one, leaving one,
 * making a team and deleting one. Each changes what every screen shows: the dashboard opens, then the whole cache
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
import type { WorkspaceCreateRequest } from '@/lib/api-types/WorkspaceCreateRequest';
import type { WorkspaceDeleteRequest } from '@/lib/api-types/WorkspaceDeleteRequest';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';
import { clearTeamAccessLost } from '@/lib/team-access-lost';

export const workspacesQueryOptions = () =>
  queryOptions(apiQuery<WorkspacesResponse>(teamKeys.workspaces(), apiPaths.workspaceList()));

export const useWorkspaces = () => useQuery(workspacesQueryOptions());

/** Everything cached belonged to the workspace the account just left or switched from. */
function useRefreshAll(to: string = paths.dashboard) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await navigate(to, { replace: true });
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

/** 'Crear un equipo': the new team becomes current, and its 'Equipo' page opens to invite people. */
export function useCreateWorkspace() {
  const refresh = useRefreshAll(paths.team);
  return useMutation({
    mutationFn: (name: string) =>
      post<WorkspaceDto>(apiPaths.workspaceCreate(), { name } satisfies WorkspaceCreateRequest),
    onSuccess: refresh,
  });
}

/** 'Eliminar el equipo', with its name typed; every member falls back to their personal workspace. */
export function useDeleteWorkspace() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      post<MessageResponse>(apiPaths.workspaceDelete(id), { name } satisfies WorkspaceDeleteRequest),
    onSuccess: refresh,
  });
}
