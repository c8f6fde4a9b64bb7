/**
 * The signed-in account's role in its current workspace (ADR 0019), from the cached session, for
 * screens that hide what the role may not do: an observer gets no 'Crear nuevo análisis' and no
 * researcher-only action (the API answers 403 `team_role_forbidden` anyway; hiding them is so the
 * interface never offers what will be refused). A session without a role yet (the login's answer,
 * before the session is read again) hides nothing: only a known observer loses the buttons.
 */
import { useSession } from '@/components/session/use-session';
import type { TeamRoleName } from '@/lib/api-types/TeamRoleName';

const RANK: Record<TeamRoleName, number> = { observer: 0, researcher: 1, admin: 2, owner: 3 };

export interface TeamAccess {
  role: TeamRoleName | undefined;
  /** Researchers and above: create, change and delete analyses; clips, reels, shares, exports. */
  canResearch: boolean;
  /** Admins and the owner: members and invitations. */
  canManage: boolean;
}

export function teamAccess(role: TeamRoleName | undefined): TeamAccess {
  const rank = role === undefined ? -1 : RANK[role];
  return { role, canResearch: role === undefined || rank >= RANK.researcher, canManage: rank >= RANK.admin };
}

export function useTeamRole(): TeamAccess {
  const session = useSession();
  return teamAccess(session.data?.workspace?.role);
}
