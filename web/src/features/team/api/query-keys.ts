/** Cache keys of the team feature (ADR 0019). */
export const teamKeys = {
  all: ['team'] as const,
  team: () => [...teamKeys.all, 'members'] as const,
  workspaces: () => [...teamKeys.all, 'workspaces'] as const,
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
  activity: (filters: { actor: string; kind: string; page: number }) => [...teamKeys.all, 'activity', filters] as const,
};
