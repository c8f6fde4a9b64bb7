/**
 * The camera kept on the screen's clock (camera-follower.ts, through the PlayerEngine facade):
 * while playing, a camera far off holds the screen (paused by the player; the snapshot still says
 * playing) until the camera is on its frame, gives up after MAX_HOLD_MS and then does not hold
 * for a while; a screen waiting for data makes the camera wait; a segment without camera pauses it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_COOLDOWN_MS, MAX_HOLD_MS } from '@/lib/player/camera-sync';
import { mountPlayer } from '@/test/fake-video';

const SEGMENTS = [
  { url: 'a.webm', durationMs: 10_000, cameraUrl: 'a-camera.webm', cameraOffsetMs: 0 },
  { url: 'b.webm', durationMs: 5_000, cameraUrl: null, cameraOffsetMs: 0 },
];

let now = 0;

beforeEach(() => {
  now = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Both files of the first segment loaded, playing together from 0. */
function playing() {
  const player = mountPlayer(SEGMENTS, 15_000);
  const { engine, screens, cameras } = player;
  expect(cameras[0].src).toBe('a-camera.webm');
  screens[0].loaded(10).emit('canplay');
  cameras[0].loaded(10).emit('canplay');
  engine.toggle();
  cameras[0].emit('canplay');
  expect(cameras[0].paused).toBe(false);
  return player;
}

describe('camera holds', () => {
  it('holds the screen while the camera seeks to the frame a seek went to, then both play on', () => {
    const { engine, screens, cameras } = playing();
    engine.seek(5_000);
    expect(screens[0].currentTime).toBe(5);
    expect(screens[0].paused).toBe(true);
    expect(cameras[0].currentTime).toBe(5);
    expect(cameras[0].paused).toBe(true);
    expect(engine.getSnapshot().playing).toBe(true);

    cameras[0].emit('seeked');
    expect(screens[0].paused).toBe(false);
    expect(cameras[0].paused).toBe(false);
    expect(engine.getSnapshot().playing).toBe(true);
  });

  it('gives up a hold after MAX_HOLD_MS, and does not hold again for HOLD_COOLDOWN_MS', () => {
    const { engine, screens, cameras } = playing();
    engine.seek(5_000);
    cameras[0].seeking = true;
    now += MAX_HOLD_MS + 1;
    cameras[0].emit('canplay');
    expect(screens[0].paused).toBe(false);

    // Far off again within the cool-down: the camera jumps while the screen plays on.
    cameras[0].seeking = false;
    engine.seek(8_000);
    expect(screens[0].paused).toBe(false);
    expect(cameras[0].currentTime).toBeGreaterThan(8);

    now += HOLD_COOLDOWN_MS;
    engine.seek(2_000);
    expect(screens[0].paused).toBe(true);
    expect(engine.getSnapshot().playing).toBe(true);
  });

  it('is paused by the user like playing: a pause during a hold stops both', () => {
    const { engine, screens, cameras } = playing();
    engine.seek(5_000);
    expect(engine.toggle()).toBe(false);
    expect(engine.getSnapshot().playing).toBe(false);
    cameras[0].emit('seeked');
    expect(screens[0].paused).toBe(true);
    expect(cameras[0].paused).toBe(true);
  });

  it('waits with a screen that waits for data', () => {
    const { screens, cameras } = playing();
    screens[0].readyState = 2;
    screens[0].emit('waiting');
    expect(cameras[0].paused).toBe(true);
    expect(screens[0].paused).toBe(false);
  });

  it('pauses the camera and shows none in a segment without one', () => {
    const { engine, screens, cameras } = playing();
    expect(engine.getSnapshot().camera).toBe('live');
    engine.seek(12_000);
    expect(engine.getSnapshot().camera).toBe('none');
    expect(cameras[0].paused).toBe(true);
    screens[1].loaded(5).emit('canplay');
    screens[1].emit('seeked');
    expect(engine.getSnapshot().screenSlot).toBe(1);
    expect(cameras[0].paused).toBe(true);
  });

  it('hides the camera when switched off, and shows it again in step', () => {
    const { engine, screens, cameras } = playing();
    engine.setCameraEnabled(false);
    expect(engine.getSnapshot().camera).toBe('off');
    expect(cameras[0].paused).toBe(true);
    screens[0].currentTime = 3;
    engine.setCameraEnabled(true);
    expect(engine.getSnapshot().camera).toBe('live');
    expect(cameras[0].currentTime).toBe(3);
  });
});
