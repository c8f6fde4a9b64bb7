/** Segments as one timeline, chapter jumps and preloading: the maths the player engine leans on. */
import { describe, expect, it } from 'vitest';
import { adjacentChapter, clampMs, locate, segmentAt, segmentOffsets, shouldPreloadNext } from '@/lib/player/timeline';

describe('segments as one timeline', () => {
  it('places each segment after the ones before it', () => {
    expect(segmentOffsets([{ durationMs: 3000 }, { durationMs: 2000 }, { durationMs: 500 }])).toEqual({
      starts: [0, 3000, 5000],
      total: 5500,
    });
    expect(segmentOffsets([])).toEqual({ starts: [], total: 0 });
    expect(segmentOffsets([{ durationMs: -5 }, { durationMs: 10 }])).toEqual({ starts: [0, 0], total: 10 });
  });

  it('finds the segment under a position, the last one past the end', () => {
    const { starts } = segmentOffsets([{ durationMs: 3000 }, { durationMs: 2000 }]);
    expect(segmentAt(starts, 0)).toBe(0);
    expect(segmentAt(starts, 2999)).toBe(0);
    expect(segmentAt(starts, 3000)).toBe(1);
    expect(segmentAt(starts, 99_000)).toBe(1);
  });

  it('turns a timeline position into a segment and the time inside it', () => {
    const { starts } = segmentOffsets([{ durationMs: 3000 }, { durationMs: 2000 }, { durationMs: 4000 }]);
    expect(locate(starts, 0)).toEqual({ index: 0, localMs: 0 });
    expect(locate(starts, 2500)).toEqual({ index: 0, localMs: 2500 });
    expect(locate(starts, 3000)).toEqual({ index: 1, localMs: 0 });
    expect(locate(starts, 4200)).toEqual({ index: 1, localMs: 1200 });
    expect(locate(starts, 8999)).toEqual({ index: 2, localMs: 3999 });
    expect(locate(starts, -50)).toEqual({ index: 0, localMs: 0 });
  });

  it('keeps a position inside the recording', () => {
    expect(clampMs(-1, 10_000)).toBe(0);
    expect(clampMs(12_000, 10_000)).toBe(10_000);
    expect(clampMs(12_000, 0)).toBe(12_000); // length unknown yet
    expect(clampMs(Number.NaN, 10_000)).toBe(0);
  });

  it('starts loading the next segment in its last 15 s', () => {
    expect(shouldPreloadNext(0, 60_000)).toBe(false);
    expect(shouldPreloadNext(44_999, 60_000)).toBe(false);
    expect(shouldPreloadNext(45_000, 60_000)).toBe(true);
    expect(shouldPreloadNext(0, 10_000)).toBe(true); // a short segment: at once
    expect(shouldPreloadNext(0, 0)).toBe(false); // length unknown
  });
});

describe('adjacentChapter ([ and ])', () => {
  const chapters = [
    { index: 0, startMs: 0 },
    { index: 1, startMs: 2_000 },
    { index: 2, startMs: 6_000 },
    { index: 3, startMs: null },
    { index: 4, startMs: 12_000 },
  ];

  it('] goes to the next chapter start, skipping chapters never reached', () => {
    expect(adjacentChapter(chapters, 0, 1)?.index).toBe(1);
    expect(adjacentChapter(chapters, 3_000, 1)?.index).toBe(2);
    expect(adjacentChapter(chapters, 6_000, 1)?.index).toBe(4);
    // A seek that landed a hair early still counts as being in that chapter.
    expect(adjacentChapter(chapters, 5_990, 1)?.index).toBe(4);
    expect(adjacentChapter(chapters, 12_000, 1)).toBeNull();
  });

  it('[ goes back to the start of the current chapter, or the one before when right at its start', () => {
    expect(adjacentChapter(chapters, 9_000, -1)?.index).toBe(2);
    expect(adjacentChapter(chapters, 6_500, -1)?.index).toBe(1);
    expect(adjacentChapter(chapters, 13_000, -1)?.index).toBe(2);
    expect(adjacentChapter(chapters, 14_000, -1)?.index).toBe(4);
    expect(adjacentChapter(chapters, 1_000, -1)).toBeNull();
  });
});
