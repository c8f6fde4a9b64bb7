/**
 * An invitation link's page: what it shows (GET /api/v1/invitations/{token}, public) and joining
 * with it (POST …/accept), after which the team is the account's current workspace: the session
 * and everything cached are read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '@/features/team/api/query-keys';
import { post } from '@/lib/api-client';
import type { InvitationViewResponse } from '@/lib/api-types/InvitationViewResponse';
import type { WorkspaceDto } from '@/lib/api-types/WorkspaceDto';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';
import { clearTeamAccessLost } from '@/lib/team-access-lost';

export const useInvitation = (token: string) =>
  useQuery({
    ...apiQuery<InvitationViewResponse>(teamKeys.invitation(token), apiPaths.invitationView(token)),
    staleTime: 0,
  });

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post<WorkspaceDto>(apiPaths.invitationAccept(token)),
    onSuccess: async () => {
      clearTeamAccessLost();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      await queryClient.invalidateQueries();
    },
  });
}
