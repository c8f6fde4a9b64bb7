/**
 * Chapter maths of the entry page: which step the participant was on at a moment of the video, how
 * long the video is, and where a moment sits on the timeline bar.
 */
import type { ChapterDto } from '@/lib/api-types/ChapterDto';
import type { StepMark } from '@/lib/api-types/StepMark';

/**
 * Slack when comparing the playhead with a step's start: after a seek to 12 s the player may report
 * 11.99 s, which must already count as the step that starts at 12 s.
 */
export const CHAPTER_TOLERANCE_MS = 250;

/**
 * The step (chapter index) under `timeMs`: the step of the last mark at or before it. The marks
 * are every visit (a participant may go back to an earlier step), so they win over the chapters'
 * first-entry times, which are only used when no marks came. Null before the first mark.
 */
export function currentChapterIndex(
  steps: readonly StepMark[],
  chapters: readonly Pick<ChapterDto, 'index' | 'startMs'>[],
  timeMs: number,
): number | null {
  const marks: { index: number; atMs: number }[] =
    steps.length > 0
      ? [...steps]
      : chapters.flatMap((chapter) =>
          chapter.startMs === null ? [] : [{ index: chapter.index, atMs: chapter.startMs }],
        );
  marks.sort((a, b) => a.atMs - b.atMs);
  let current: number | null = null;
  for (const mark of marks) {
    if (mark.atMs > timeMs + CHAPTER_TOLERANCE_MS) break;
    current = mark.index;
  }
  return current;
}

/**
 * The length of the video in ms: the element's own duration when it knows it, else the one the
 * participant's browser reported (recordings without a duration header say Infinity, or NaN
 * before metadata loads).
 */
export function effectiveDurationMs(videoSeconds: number, apiDurationMs: number | null): number {
  if (Number.isFinite(videoSeconds) && videoSeconds > 0) return videoSeconds * 1000;
  return apiDurationMs !== null && apiDurationMs > 0 ? apiDurationMs : 0;
}

/** Where `ms` sits on a bar of `durationMs`, as a percentage clamped to 0–100. */
export function timelinePercent(ms: number, durationMs: number): number {
  if (!(durationMs > 0) || !Number.isFinite(ms)) return 0;
  return Math.min(100, Math.max(0, (ms / durationMs) * 100));
}
