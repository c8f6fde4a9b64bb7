/**
 * How many recordings of each analysis the researcher had seen when they last opened it, in this
 * browser's local storage, so the dashboard can say what is new since (issue 45). One key holds a
 * small map (analysis id → submitted count and when), trimmed to the most recent `MAX_REMEMBERED`.
 * An analysis never opened here has every recording new. Storage can be missing or full: then
 * nothing is remembered and nothing breaks. Shared by the dashboard and the analysis page.
 */
import { localStorageOrNull } from '@/lib/local-storage';

export const STORAGE_KEY = 'lupa.analyses.seen';
export const MAX_REMEMBERED = 200;

interface Seen {
  count: number;
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(store: Store | null): Record<string, Seen> {
  try {
    const raw = store?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Seen>) : {};
  } catch {
    return {};
  }
}

/** The analysis page was open with `count` submitted recordings: all of them are seen now. */
export function markSeen(
  analysisId: string,
  count: number,
  store: Store | null = localStorageOrNull(),
  now = Date.now(),
): void {
  const map = read(store);
  map[analysisId] = { count, at: now };
  const kept = Object.entries(map)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_REMEMBERED);
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Full or refused: the next visit counts from the last one remembered.
  }
}

/**
 * Recordings submitted since the analysis was last opened here. Never below 0: a recording
 * deleted since leaves fewer than were seen.
 */
export function newSinceLastVisit(analysisId: string, count: number, store: Store | null = localStorageOrNull()) {
  const seen = read(store)[analysisId];
  const seenCount = seen && Number.isFinite(seen.count) ? seen.count : 0;
  return Math.max(0, count - seenCount);
}
