import { describe, expect, it } from 'vitest';
import { segmentAt, segmentOffsets } from '@/features/entries/hooks/use-player';

describe('segments as one timeline', () => {
  it('places each segment after the ones before it', () => {
    expect(segmentOffsets([{ durationMs: 3000 }, { durationMs: 2000 }, { durationMs: 500 }])).toEqual({ starts: [0, 3000, 5000], total: 5500 });
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
});
