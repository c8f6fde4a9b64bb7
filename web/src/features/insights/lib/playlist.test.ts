/** A clip's files become the engine's timeline, and its range moves with them. */
import { describe, expect, it } from 'vitest';
import { clipTimeline } from '@/features/insights/lib/playlist';

const file = (offsetMs: number, durationMs: number, camera = false) => ({
  url: `/api/v1/recordings/e/${offsetMs}?sig=x`,
  offsetMs,
  durationMs,
  cameraUrl: camera ? `/api/v1/recordings/e/${offsetMs}/camera?sig=x` : null,
  cameraOffsetMs: camera ? 300 : 0,
});

describe('clipTimeline', () => {
  it('starts the timeline at the first overlapping file', () => {
    const timeline = clipTimeline({
      startMs: 15_000,
      endMs: 20_000,
      segments: [file(0, 18_000), file(18_000, 18_000, true)],
    });
    expect([timeline.startMs, timeline.endMs]).toEqual([15_000, 20_000]);
    expect(timeline.segments.map((s) => [s.durationMs, s.cameraUrl !== null, s.cameraOffsetMs])).toEqual([
      [18_000, false, 0],
      [18_000, true, 300],
    ]);
  });

  it('moves the range when the clip lies in a later file only', () => {
    const timeline = clipTimeline({ startMs: 20_000, endMs: 25_000, segments: [file(18_000, 18_000)] });
    expect([timeline.startMs, timeline.endMs]).toEqual([2_000, 7_000]);
  });
});
