/** The current chapter under the playhead, the video length fallback and marker positions. */
import { describe, expect, it } from 'vitest';
import { currentChapterIndex, effectiveDurationMs, timelinePercent } from '@/lib/player/chapters';

const steps = [
  { index: 0, atMs: 0 },
  { index: 1, atMs: 2_000 },
  { index: 2, atMs: 6_000 },
  { index: 3, atMs: 12_000 },
];
const chapters = [
  { index: 0, startMs: 0 },
  { index: 1, startMs: 2_000 },
  { index: 2, startMs: 6_000 },
  { index: 3, startMs: 12_000 },
];

describe('currentChapterIndex', () => {
  it('is the step of the last mark at or before the playhead', () => {
    expect(currentChapterIndex(steps, chapters, 0)).toBe(0);
    expect(currentChapterIndex(steps, chapters, 1_999)).toBe(1); // within the seek tolerance
    expect(currentChapterIndex(steps, chapters, 5_000)).toBe(1);
    expect(currentChapterIndex(steps, chapters, 6_000)).toBe(2);
    expect(currentChapterIndex(steps, chapters, 12_000)).toBe(3);
    expect(currentChapterIndex(steps, chapters, 17_900)).toBe(3);
  });

  it('counts a seek that lands a hair early as the new chapter', () => {
    expect(currentChapterIndex(steps, chapters, 11_990)).toBe(3);
    expect(currentChapterIndex(steps, chapters, 11_500)).toBe(2);
  });

  it('follows revisits: going back to an earlier step makes it current again', () => {
    const revisits = [...steps, { index: 2, atMs: 15_000 }];
    expect(currentChapterIndex(revisits, chapters, 14_000)).toBe(3);
    expect(currentChapterIndex(revisits, chapters, 16_000)).toBe(2);
  });

  it('sorts marks that arrive out of order', () => {
    expect(currentChapterIndex([...steps].reverse(), chapters, 7_000)).toBe(2);
  });

  it('is null before the first mark', () => {
    expect(currentChapterIndex([{ index: 0, atMs: 3_000 }], [], 1_000)).toBeNull();
  });

  it('falls back to the chapters’ first entries without marks, skipping steps never reached', () => {
    const partial = [...chapters.slice(0, 3), { index: 3, startMs: null }];
    expect(currentChapterIndex([], partial, 13_000)).toBe(2);
    expect(currentChapterIndex([], [], 13_000)).toBeNull();
  });
});

describe('effectiveDurationMs', () => {
  it('prefers the video element’s duration', () => {
    expect(effectiveDurationMs(18.2, 18_000)).toBe(18_200);
  });

  it('uses the API’s duration when the element says Infinity or NaN', () => {
    expect(effectiveDurationMs(Number.POSITIVE_INFINITY, 18_000)).toBe(18_000);
    expect(effectiveDurationMs(Number.NaN, 18_000)).toBe(18_000);
  });

  it('is 0 when neither knows', () => {
    expect(effectiveDurationMs(Number.NaN, null)).toBe(0);
    expect(effectiveDurationMs(0, 0)).toBe(0);
  });
});

describe('timelinePercent', () => {
  it('places a moment by time / length, clamped to the bar', () => {
    expect(timelinePercent(12_000, 18_000)).toBeCloseTo(66.667, 2);
    expect(timelinePercent(0, 18_000)).toBe(0);
    expect(timelinePercent(30_000, 18_000)).toBe(100);
    expect(timelinePercent(-1, 18_000)).toBe(0);
  });

  it('is 0 without a length', () => {
    expect(timelinePercent(5_000, 0)).toBe(0);
    expect(timelinePercent(5_000, Number.NaN)).toBe(0);
  });
});
