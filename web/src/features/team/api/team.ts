/**
 * The 'Equipo' page's data (GET /api/v1/team: members, and pending invitations for admins and the
 * owner) and its changes: invite, send again, revoke, change a role, remove a member. Each change
 * refreshes the team.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '@/features/team/api/query-keys';
import { del, patch, post } from '@/lib/api-client';
import type { InvitationDto } from '@/lib/api-types/InvitationDto';
import type { InvitationRequest } from '@/lib/api-types/InvitationRequest';
import type { MemberDto } from '@/lib/api-types/MemberDto';
import type { MemberUpdateRequest } from '@/lib/api-types/MemberUpdateRequest';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import type { OwnershipRequest } from '@/lib/api-types/OwnershipRequest';
import type { TeamResponse } from '@/lib/api-types/TeamResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

/** The roles an invitation or a change may give (never owner). */
export const GRANTABLE_ROLES = ['admin', 'researcher', 'observer'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const teamQueryOptions = () => queryOptions(apiQuery<TeamResponse>(teamKeys.team(), apiPaths.teamGet()));

export const useTeam = () => useQuery(teamQueryOptions());

function useTeamChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}

export const useInvite = () =>
  useTeamChange((body: InvitationRequest) => post<InvitationDto>(apiPaths.invitationCreate(), body));

export const useResendInvitation = () =>
  useTeamChange((id: string) => post<InvitationDto>(apiPaths.invitationResend(id)));

export const useRevokeInvitation = () =>
  useTeamChange((id: string) => post<MessageResponse>(apiPaths.invitationRevoke(id)));

export const useUpdateMember = () =>
  useTeamChange(({ id, role }: { id: string; role: GrantableRole }) =>
    patch<MemberDto>(apiPaths.memberUpdate(id), { role } satisfies MemberUpdateRequest),
  );

export const useRemoveMember = () => useTeamChange((id: string) => del<MessageResponse>(apiPaths.memberRemove(id)));

/** 'Transferir la propiedad': the member becomes the owner and the owner an admin (the session's role changes too). */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      post<MemberDto>(apiPaths.teamOwnerTransfer(), { userId } satisfies OwnershipRequest),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
