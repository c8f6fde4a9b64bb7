/**
 * A clip's playback (`PlayerEngine.playRange`): only its range of the timeline plays, from its
 * start (in whichever segment) to its end, where the player pauses exactly. The player checks the
 * end at every frame and every `timeupdate`; any other seek ends the clip's playback.
 */
import { clampMs } from '@/lib/player/timeline';

export interface ClipRange {
  start: number;
  end: number;
}

/** The range to play: its start within the recording, its end never before its start. */
export function clipRange(startMs: number, endMs: number, durationMs: number): ClipRange {
  const start = clampMs(startMs, durationMs);
  return { start, end: Math.max(start, endMs) };
}

/** Whether playback at `positionMs` has reached the end of the clip being played (if any). */
export function reachedRangeEnd(range: ClipRange | null, positionMs: number): range is ClipRange {
  return range !== null && positionMs >= range.end;
}
