/** How the entry page writes and reads moments of a recording: 'mm:ss' (or 'h:mm:ss' past an hour). */

const pad = (value: number) => String(value).padStart(2, '0');

function clock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

const safe = (ms: number) => (Number.isFinite(ms) && ms > 0 ? ms : 0);

/**
 * A position in the video, e.g. 12_900 → '00:12'. Seconds are cut, not rounded, like a player's
 * clock: at 12.9 s the video has not reached 00:13 yet.
 */
export const formatClock = (ms: number): string => clock(Math.floor(safe(ms) / 1000));

/** A length of time, e.g. 6_600 → '00:07': rounded to the nearest second. */
export const formatDuration = (ms: number): string => clock(Math.round(safe(ms) / 1000));

/**
 * Reads what a person typed as a moment: 'mm:ss', 'm:ss', 'h:mm:ss' or plain seconds ('75', '7.5').
 * Returns milliseconds, or null when it is not a moment (letters, negative, seconds ≥ 60 after a colon).
 */
export function parseClock(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  if (/^\d+(?:[.,]\d+)?$/.test(value)) return Math.round(Number(value.replace(',', '.')) * 1000);
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})$/.exec(value);
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  if (Number(seconds) >= 60 || (match[1] !== undefined && Number(minutes) >= 60)) return null;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}
