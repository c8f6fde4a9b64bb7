/**
 * A clip plays only its range (clip-range.ts, and `playRange` on the PlayerEngine facade): it
 * starts at the range's start, pauses exactly at its end (across a segment boundary too) and
 * tells the reel; any other seek ends the clip's playback.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clipRange, reachedRangeEnd } from '@/lib/player/clip-range';
import { mountPlayer } from '@/test/fake-video';

const SEGMENTS = [
  { url: 'a.webm', durationMs: 10_000, cameraUrl: null, cameraOffsetMs: 0 },
  { url: 'b.webm', durationMs: 5_000, cameraUrl: null, cameraOffsetMs: 0 },
];

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('clipRange', () => {
  it('keeps the start within the recording and the end not before the start', () => {
    expect(clipRange(2_000, 4_000, 15_000)).toEqual({ start: 2_000, end: 4_000 });
    expect(clipRange(-5, 4_000, 15_000)).toEqual({ start: 0, end: 4_000 });
    expect(clipRange(6_000, 4_000, 15_000)).toEqual({ start: 6_000, end: 6_000 });
  });

  it('has ended once the position reaches the end', () => {
    const range = { start: 2_000, end: 4_000 };
    expect(reachedRangeEnd(range, 3_999)).toBe(false);
    expect(reachedRangeEnd(range, 4_000)).toBe(true);
    expect(reachedRangeEnd(null, 99_000)).toBe(false);
  });
});

describe('playRange', () => {
  function player() {
    const mounted = mountPlayer(SEGMENTS, 15_000);
    mounted.screens[0].loaded(10).emit('canplay');
    const onRangeEnd = vi.fn();
    mounted.engine.onRangeEnd = onRangeEnd;
    return { ...mounted, onRangeEnd };
  }

  it('plays from the start and pauses exactly at the end', () => {
    const { engine, screens, onRangeEnd } = player();
    engine.playRange(2_000, 4_000);
    expect(screens[0].currentTime).toBe(2);
    expect(screens[0].paused).toBe(false);
    expect(engine.getSnapshot().range).toEqual({ start: 2_000, end: 4_000 });

    screens[0].currentTime = 3.9;
    screens[0].emit('timeupdate');
    expect(onRangeEnd).not.toHaveBeenCalled();

    screens[0].currentTime = 4.05;
    screens[0].emit('timeupdate');
    expect(onRangeEnd).toHaveBeenCalledTimes(1);
    expect(screens[0].paused).toBe(true);
    expect(screens[0].currentTime).toBe(4);
    expect(engine.getSnapshot()).toMatchObject({ range: null, playing: false, currentMs: 4_000 });
  });

  it('plays a clip across a segment boundary', () => {
    const { engine, screens, onRangeEnd } = player();
    engine.playRange(9_000, 11_000);
    screens[0].paused = true;
    screens[0].ended = true;
    screens[0].emit('ended');
    screens[1].loaded(5).emit('canplay');
    expect(engine.getSnapshot()).toMatchObject({ screenSlot: 1, range: { start: 9_000, end: 11_000 } });

    screens[1].currentTime = 1;
    screens[1].emit('timeupdate');
    expect(onRangeEnd).toHaveBeenCalledTimes(1);
    expect(screens[1].paused).toBe(true);
    expect(engine.position()).toBe(11_000);
  });

  it('ends with any other seek', () => {
    const { engine, onRangeEnd } = player();
    engine.playRange(2_000, 4_000);
    engine.seek(500);
    expect(engine.getSnapshot().range).toBeNull();
    expect(onRangeEnd).not.toHaveBeenCalled();
  });
});
