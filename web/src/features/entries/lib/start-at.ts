/**
 * The moment a link asks the player to open at: `/entry/{id}?t=<seconds>` (the summary's text
 * answers link there, ADR 0017). Whole or decimal seconds, not negative; anything else is ignored
 * so a hand-edited link still opens the recording. The player clamps it to the recording's length.
 */
export function startAtMs(value: string | null): number | null {
  if (value === null || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const seconds = Number(value.trim());
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
}

/** Where to seek for a requested moment on a recording `durationMs` long. */
export function clampStart(ms: number, durationMs: number): number {
  return Math.max(0, Math.min(ms, durationMs));
}
