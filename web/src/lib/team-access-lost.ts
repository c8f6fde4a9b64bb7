/**
 * "Ya no tienes acceso a este equipo" (ADR 0019): set when any API call answers 404
 * `no_team_access` (the account was removed from its current workspace while a page was open), so
 * the signed-in shell replaces the page with a notice and a way to another workspace instead of
 * each screen failing on its own. Cleared once the account switches.
 */
import { useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-client';

let lost = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (lost === value) return;
  lost = value;
  for (const listener of listeners) listener();
}

/** Notes a failed call: only `no_team_access` counts. */
export function noteTeamAccessError(error: unknown): void {
  if (isApiError(error) && error.code === 'no_team_access') set(true);
}

export const clearTeamAccessLost = () => set(false);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useTeamAccessLost = () =>
  useSyncExternalStore(
    subscribe,
    () => lost,
    () => false,
  );
