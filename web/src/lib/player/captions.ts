/**
 * Captions on the player (ADR 0018). A recording's transcript is on the recording's timeline, but
 * the player plays it as separate files (segments), each with its own clock; so the captions of the
 * file on screen are the cues that overlap it, shifted by where it starts on the timeline. Cues
 * come from the transcript's lines, or from a WebVTT file (a shared recording's captions URL).
 */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})$/;

/** 'hh:mm:ss.mmm' or 'mm:ss.mmm' as milliseconds; null for anything else. */
export function parseVttTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}

/** The cues of a WebVTT file (header, notes, styles and cue settings ignored; a broken cue skipped). */
export function parseVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing === -1) continue;
    const [from = '', rest = ''] = (lines[timing] ?? '').split('-->');
    const startMs = parseVttTime(from);
    const endMs = parseVttTime(rest.trim().split(/\s+/)[0] ?? '');
    const body = lines
      .slice(timing + 1)
      .join('\n')
      .trim();
    if (startMs !== null && endMs !== null && endMs > startMs && body) cues.push({ startMs, endMs, text: body });
  }
  return cues;
}

/** The cues overlapping a file that starts at `offsetMs` on the timeline and lasts `durationMs`, on that file's clock. */
export function cuesForSegment(cues: readonly Cue[], offsetMs: number, durationMs: number): Cue[] {
  const end = offsetMs + (durationMs > 0 ? durationMs : Number.POSITIVE_INFINITY);
  return cues
    .filter((cue) => cue.endMs > offsetMs && cue.startMs < end)
    .map((cue) => ({ startMs: Math.max(0, cue.startMs - offsetMs), endMs: cue.endMs - offsetMs, text: cue.text }));
}

/** Where each of `durations` starts when they are played one after another from 0. */
export const startsOf = (durations: readonly number[]) =>
  durations.map((_, index) => durations.slice(0, index).reduce((sum, value) => sum + value, 0));
