/** What the signed-in shell composes from the team feature (ADR 0019). */
export { NoTeamAccess } from '@/features/team/components/no-team-access';
export { WorkspaceSwitcher } from '@/features/team/components/workspace-switcher';
