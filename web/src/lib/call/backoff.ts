/**
 * When to try the room again after the call was lost (ADR 0024, slice 2): the closes that mean
 * "don't" (the tab was reopened elsewhere, access revoked, the session deleted), and an
 * exponential backoff with jitter for the others, capped so a returning network is noticed soon.
 */

/** 4000 replaced by a newer tab, 4403 access revoked, 4404 session deleted: never reconnect. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([4000, 4403, 4404]);

export const isFinalClose = (code: number) => FINAL_CLOSE_CODES.has(code);

const FIRST_MS = 500;
const MAX_MS = 8_000;

/** The wait before attempt `attempt` (0 = the first retry); `random` in [0, 1) adds up to 20 %. */
export function reconnectDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(MAX_MS, FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random));
}
