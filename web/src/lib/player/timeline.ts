/**
 * The recording as one timeline over its segments (ADR 0005: every resume after a reload or crash
 * is its own file). Pure maths shared by the player engine, the scrubber and the shortcuts: where
 * each segment starts, which segment and local time a timeline position falls in, the chapter
 * before or after a moment (`[` and `]`), and one video frame's length for `,` and `.`.
 */
import type { ChapterDto } from '@/lib/api-types/ChapterDto';

/** Speeds the player offers. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * One frame at the screen recording's rate (30 fps): `,` and `.` move by this much. A recording
 * captured at 15 fps shows the same picture for two steps, which is harmless.
 */
export const FRAME_MS = 1000 / 30;

/** Where each segment starts on the timeline, and the total. Negative lengths count as 0. */
export function segmentOffsets(segments: readonly { durationMs: number }[]): { starts: number[]; total: number } {
  const starts: number[] = [];
  let total = 0;
  for (const segment of segments) {
    starts.push(total);
    total += Math.max(0, segment.durationMs);
  }
  return { starts, total };
}

/** The segment under timeline position `ms` (the last one for positions past the end, 0 before the start). */
export function segmentAt(starts: readonly number[], ms: number): number {
  let index = 0;
  starts.forEach((start, i) => {
    if (ms >= start) index = i;
  });
  return index;
}

/** A timeline position as the segment to play and the time inside it (ms). */
export function locate(starts: readonly number[], ms: number): { index: number; localMs: number } {
  const index = segmentAt(starts, ms);
  return { index, localMs: Math.max(0, ms - (starts[index] ?? 0)) };
}

/** `ms` kept inside 0…`durationMs` (only above 0 while the length is unknown). */
export function clampMs(ms: number, durationMs: number): number {
  const low = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  return durationMs > 0 ? Math.min(low, durationMs) : low;
}

/**
 * Whether the next segment should start loading: once the playhead is within `aheadMs` of the
 * current segment's end (so the swap at the boundary finds its first frame decoded).
 */
export function shouldPreloadNext(localMs: number, segmentMs: number, aheadMs = 15_000): boolean {
  return segmentMs > 0 && segmentMs - localMs <= aheadMs;
}

/**
 * Back from `ms` past this slack, `[` returns to the start of the current chapter; within it, to
 * the chapter before (as media players do with "previous track").
 */
export const CHAPTER_RESTART_MS = 1500;

type ChapterStart = Pick<ChapterDto, 'index' | 'startMs'>;

/**
 * The chapter `[` (-1) or `]` (+1) goes to from `ms`: the next chapter start after the playhead,
 * or the start of the current chapter (the previous one when the playhead is right at its start).
 * Chapters never reached are skipped. Null when there is none in that direction.
 */
export function adjacentChapter<T extends ChapterStart>(
  chapters: readonly T[],
  ms: number,
  direction: -1 | 1,
): T | null {
  const reached = chapters
    .filter((chapter): chapter is T & { startMs: number } => chapter.startMs !== null)
    .sort((a, b) => a.startMs - b.startMs);
  if (direction > 0) return reached.find((chapter) => chapter.startMs > ms + 250) ?? null;
  const before = reached.filter((chapter) => chapter.startMs < ms - CHAPTER_RESTART_MS);
  return before.at(-1) ?? null;
}
