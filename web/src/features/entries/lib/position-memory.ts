/**
 * Where each recording was left off, in the browser's local storage, so reopening an entry resumes
 * there. One key holds a small map (entry id → position and when it was saved), trimmed to the
 * most recent `MAX_REMEMBERED`, so storage stays bounded however many recordings are watched.
 * Nothing is remembered near the start (nothing to resume) or the end (it was watched: start again).
 * Storage can be missing or full (private windows, quotas): then nothing is remembered, silently.
 */
import { localStorageOrNull } from '@/lib/local-storage';

export const STORAGE_KEY = 'lupa.player.positions';
export const MAX_REMEMBERED = 100;
/** Positions closer than this to the start or the end are not worth resuming. */
export const EDGE_MS = 5_000;

interface Remembered {
  ms: number;
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(store: Store | null): Record<string, Remembered> {
  try {
    const raw = store?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Remembered>) : {};
  } catch {
    return {};
  }
}

function write(store: Store | null, map: Record<string, Remembered>): void {
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(map));
  } catch {
    // Full or refused: the position is simply not remembered.
  }
}

/** Whether `ms` is a position worth coming back to in a recording of `durationMs` (0 = unknown). */
export function worthResuming(ms: number, durationMs: number): boolean {
  if (!Number.isFinite(ms) || ms < EDGE_MS) return false;
  return !(durationMs > 0 && ms > durationMs - EDGE_MS);
}

/** The remembered position of `entryId`, or null. */
export function recallPosition(
  entryId: string,
  durationMs = 0,
  store: Store | null = localStorageOrNull(),
): number | null {
  const saved = read(store)[entryId];
  if (!saved || typeof saved.ms !== 'number') return null;
  return worthResuming(saved.ms, durationMs) ? saved.ms : null;
}

/** Remembers `ms` for `entryId` (or forgets it when not worth resuming), keeping the newest entries. */
export function rememberPosition(
  entryId: string,
  ms: number,
  durationMs = 0,
  store: Store | null = localStorageOrNull(),
  now = Date.now(),
): void {
  const map = read(store);
  if (worthResuming(ms, durationMs)) map[entryId] = { ms: Math.round(ms), at: now };
  else if (entryId in map) delete map[entryId];
  else return;
  const newest = Object.entries(map)
    .filter(([, value]) => value && typeof value.at === 'number')
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_REMEMBERED);
  write(store, Object.fromEntries(newest));
}
