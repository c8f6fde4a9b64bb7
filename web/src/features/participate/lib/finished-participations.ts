/**
 * Which analyses this browser has finished lately (ADR 0010), so a reload of the thank-you screen,
 * or the invitation link opened again, shows the thank-you instead of the form that would start a
 * second participation. localStorage, one key per analysis, for FINISHED_FOR_MS: long enough for
 * the e-mail link to be clicked again the same day, short enough that a shared computer or a
 * researcher trying their own study is not shut out for good. Storage may be missing or full
 * (private modes): then nothing is remembered, and the flow works as before.
 */
import { localStorageOrNull } from '@/lib/local-storage';

/** As long as an unfinished participation can be resumed (ADR 0005). */
export const FINISHED_FOR_MS = 24 * 60 * 60 * 1000;

const PREFIX = 'lupa:finished:';

/** Finished at `now`; also drops markers that have expired. */
export function rememberFinished(analysisId: string, now = Date.now()): void {
  const store = localStorageOrNull();
  if (!store || !analysisId) return;
  try {
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX) && !isFresh(store.getItem(key), now)) store.removeItem(key);
    }
    store.setItem(PREFIX + analysisId, String(now));
  } catch {
    // Quota or blocked storage: the thank-you screen still shows, only a reload forgets it.
  }
}

/** This browser finished `analysisId` less than FINISHED_FOR_MS ago. */
export function finishedLately(analysisId: string, now = Date.now()): boolean {
  const store = localStorageOrNull();
  if (!store || !analysisId) return false;
  try {
    return isFresh(store.getItem(PREFIX + analysisId), now);
  } catch {
    return false;
  }
}

function isFresh(value: string | null, now: number): boolean {
  const at = Number(value);
  // Either direction: a clock set back must not turn a fresh marker into a stale one.
  return value !== null && Number.isFinite(at) && Math.abs(now - at) < FINISHED_FOR_MS;
}
