/**
 * Segments played as one timeline (segment-switcher.ts, through the PlayerEngine facade): the next
 * file loads out of sight near the end of the one on screen and takes over when it ends, and a
 * seek into another segment swaps elements only once the standby one is on the asked frame.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPlayer } from '@/test/fake-video';

const SEGMENTS = [
  { url: 'a.webm', durationMs: 10_000, cameraUrl: null, cameraOffsetMs: 0 },
  { url: 'b.webm', durationMs: 5_000, cameraUrl: null, cameraOffsetMs: 0 },
];

beforeEach(() => {
  // The frame loop would run on jsdom's timers; each test moves the elements itself.
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => vi.unstubAllGlobals());

/** A player on the first segment, playing from `atS`. */
function playing(atS = 0) {
  const player = mountPlayer(SEGMENTS, 15_000);
  const [first] = player.screens;
  first.loaded(10).emit('canplay');
  first.currentTime = atS;
  expect(player.engine.toggle()).toBe(true);
  return player;
}

describe('segment switching', () => {
  it('loads the first segment in the visible element, and the timeline is the sum of the segments', () => {
    const { engine, screens } = mountPlayer(SEGMENTS, 15_000);
    expect(screens[0].src).toBe('a.webm');
    expect(screens[1].src).toBe('');
    expect(engine.getSnapshot()).toMatchObject({ durationMs: 15_000, segment: 0, screenSlot: 0 });
  });

  it('preloads the next segment near the end, and it takes over with no gap when the first ends', () => {
    const { engine, screens } = playing(9.5);
    screens[0].emit('timeupdate');
    expect(screens[1].src).toBe('b.webm');
    expect(screens[1].preload).toBe('auto');

    screens[0].paused = true;
    screens[0].ended = true;
    screens[0].emit('ended');
    // Not ready yet: the old element stays on screen, the snapshot already says segment 2.
    expect(engine.getSnapshot()).toMatchObject({ segment: 1, screenSlot: 0, playing: true, currentMs: 10_000 });
    expect(engine.position()).toBe(10_000);

    screens[1].loaded(5).emit('canplay');
    expect(engine.getSnapshot()).toMatchObject({ segment: 1, screenSlot: 1, playing: true, currentMs: 10_000 });
    expect(screens[1].paused).toBe(false);

    screens[1].currentTime = 2;
    screens[1].emit('timeupdate');
    expect(engine.getSnapshot().currentMs).toBe(12_000);
  });

  it('stops at the end of the last segment', () => {
    const { engine, screens } = playing(9.5);
    screens[0].emit('ended');
    screens[1].loaded(5).emit('canplay');
    screens[1].currentTime = 5;
    screens[1].paused = true;
    screens[1].ended = true;
    screens[1].emit('ended');
    expect(engine.getSnapshot()).toMatchObject({ segment: 1, playing: false, currentMs: 15_000 });
  });

  it('seeks across segments: the standby element is seeked first, then swapped in playing', () => {
    const { engine, screens } = playing(1);
    expect(engine.seek(12_000)).toBe(12_000);
    expect(screens[1].src).toBe('b.webm');
    expect(engine.getSnapshot()).toMatchObject({ segment: 1, screenSlot: 0, playing: true, currentMs: 12_000 });

    screens[1].readyState = 1;
    screens[1].duration = 5;
    screens[1].emit('loadedmetadata');
    expect(screens[1].currentTime).toBe(2);
    expect(engine.getSnapshot().screenSlot).toBe(0);

    screens[1].readyState = 4;
    screens[1].emit('seeked');
    expect(engine.getSnapshot()).toMatchObject({ segment: 1, screenSlot: 1, playing: true, currentMs: 12_000 });
    expect(screens[0].paused).toBe(true);
    expect(screens[1].paused).toBe(false);

    // And back: the first file is still loaded in what is now the standby element.
    engine.seek(3_000);
    expect(screens[0].currentTime).toBe(3);
    screens[0].emit('seeked');
    expect(engine.getSnapshot()).toMatchObject({ segment: 0, screenSlot: 0, playing: true, currentMs: 3_000 });
    expect(screens[1].paused).toBe(true);
  });

  it('forgets a switch when a seek goes back into the segment still on screen', () => {
    const { engine, screens } = playing(1);
    engine.seek(12_000);
    engine.seek(4_000);
    expect(screens[0].currentTime).toBe(4);
    expect(engine.getSnapshot()).toMatchObject({ segment: 0, screenSlot: 0, currentMs: 4_000 });
    screens[1].loaded(5).emit('canplay');
    expect(engine.getSnapshot().screenSlot).toBe(0);
  });

  it('keeps a switch paused when paused before the next segment is ready', () => {
    const { engine, screens } = playing(1);
    engine.seek(12_000);
    engine.pause();
    expect(engine.getSnapshot().playing).toBe(false);
    screens[1].loaded(5).emit('canplay');
    screens[1].emit('seeked');
    expect(engine.getSnapshot()).toMatchObject({ screenSlot: 1, playing: false });
    expect(screens[1].paused).toBe(true);
  });

  it('reports a next segment that fails to load', () => {
    const { engine, screens } = playing(1);
    const onError = vi.fn();
    engine.onError = onError;
    engine.seek(12_000);
    screens[1].emit('error');
    expect(onError).toHaveBeenCalledWith({ track: 'screen', segment: 1 });
  });
});
