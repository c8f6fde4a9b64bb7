/** When the camera jumps, when it catches up by speed, and where a dragged or keyed overlay lands. */
import { describe, expect, it } from 'vitest';
import {
  cameraCorrection,
  cameraTarget,
  cornerAfterKey,
  MAX_NUDGE,
  nearestCorner,
  type SyncInput,
} from '@/lib/player/camera-sync';

const at = (input: Partial<SyncInput>): SyncInput => ({
  screenS: 10,
  cameraS: 10,
  cameraDurationS: 60,
  playing: true,
  rate: 1,
  cameraSeeking: false,
  ...input,
});

describe('cameraCorrection', () => {
  it('leaves a camera in step alone, at the chosen speed', () => {
    expect(cameraCorrection(at({ cameraS: 10.02 }))).toEqual({ seekTo: null, rate: 1, play: true, pastEnd: false });
    expect(cameraCorrection(at({ rate: 2 }))).toEqual({ seekTo: null, rate: 2, play: true, pastEnd: false });
  });

  it('jumps after a seek or a stall (far off), aiming ahead by what its seeks take', () => {
    expect(cameraCorrection(at({ cameraS: 3, seekLatencyS: 0 })).seekTo).toBe(10);
    expect(cameraCorrection(at({ cameraS: 10.3, seekLatencyS: 0 })).seekTo).toBe(10);
    expect(cameraCorrection(at({ cameraS: 3, seekLatencyS: 0.2 })).seekTo).toBeCloseTo(10.2);
    expect(cameraCorrection(at({ cameraS: 3, seekLatencyS: 0.2, rate: 2 })).seekTo).toBeCloseTo(10.4);
    expect(cameraCorrection(at({ cameraS: 3, seekLatencyS: 9 })).seekTo).toBeCloseTo(10.5); // capped
    expect(cameraCorrection(at({ screenS: 59.99, cameraS: 50, seekLatencyS: 0.2 })).seekTo).toBe(60); // not past the end
  });

  it('catches up a small drift by speed: slower when ahead, faster when behind, never beyond the nudge', () => {
    const ahead = cameraCorrection(at({ cameraS: 10.08 }));
    expect(ahead.seekTo).toBeNull();
    expect(ahead.rate).toBeCloseTo(0.92);
    const behind = cameraCorrection(at({ cameraS: 9.95, rate: 1.5 }));
    expect(behind.rate).toBeCloseTo(1.5 * 1.05);
    expect(cameraCorrection(at({ cameraS: 9.92 })).rate).toBeLessThanOrEqual(1 + MAX_NUDGE);
    // Past the promised 0.1 s it no longer waits for speed to close the gap: it jumps.
    expect(cameraCorrection(at({ cameraS: 9.88, seekLatencyS: 0 })).seekTo).toBe(10);
  });

  it('when the screen may wait: far off or still seeking, the screen holds while the camera lands on its exact frame', () => {
    expect(cameraCorrection(at({ cameraS: 3, seekLatencyS: 0.4, mayHold: true }))).toEqual({
      seekTo: 10,
      rate: 1,
      play: false,
      pastEnd: false,
      holdScreen: true,
    });
    expect(cameraCorrection(at({ cameraS: 10.3, mayHold: true }))).toMatchObject({
      seekTo: 10,
      play: false,
      holdScreen: true,
    });
    expect(cameraCorrection(at({ cameraS: 2, cameraSeeking: true, mayHold: true }))).toMatchObject({
      seekTo: null,
      play: false,
      holdScreen: true,
    });
    // A small drift is still caught up by speed, without stopping the screen.
    expect(cameraCorrection(at({ cameraS: 10.08, mayHold: true }))).toMatchObject({ seekTo: null, play: true });
    expect(cameraCorrection(at({ cameraS: 10.08, mayHold: true })).holdScreen).toBeFalsy();
    // Paused, there is nothing to hold.
    expect(cameraCorrection(at({ playing: false, cameraS: 3, mayHold: true })).holdScreen).toBeFalsy();
  });

  it('waits for its own seek to finish before correcting again', () => {
    expect(cameraCorrection(at({ cameraS: 2, cameraSeeking: true }))).toEqual({
      seekTo: null,
      rate: 1,
      play: true,
      pastEnd: false,
    });
  });

  it('paused: lands on the exact frame (no aiming ahead) and stays paused', () => {
    expect(cameraCorrection(at({ playing: false, cameraS: 10.05, seekLatencyS: 0.3 }))).toEqual({
      seekTo: 10,
      rate: 1,
      play: false,
      pastEnd: false,
    });
    expect(cameraCorrection(at({ playing: false, cameraS: 10.01 })).seekTo).toBeNull();
  });

  it('before the camera started (it starts a moment after the screen): holds its first frame', () => {
    expect(cameraTarget(0.2, 400)).toBeCloseTo(-0.2);
    expect(cameraTarget(10, 400)).toBeCloseTo(9.6);
    expect(cameraCorrection(at({ screenS: cameraTarget(0.2, 400), cameraS: 0.5 }))).toEqual({
      seekTo: 0,
      rate: 1,
      play: false,
      pastEnd: false,
    });
    expect(cameraCorrection(at({ screenS: -0.2, cameraS: 0 })).seekTo).toBeNull();
  });

  it('past the end of a camera that stopped early: no picture, not playing', () => {
    expect(cameraCorrection(at({ screenS: 61, cameraS: 60 }))).toEqual({
      seekTo: null,
      rate: 1,
      play: false,
      pastEnd: true,
    });
    // Unknown length: keep following.
    expect(cameraCorrection(at({ screenS: 61, cameraS: 61, cameraDurationS: Number.POSITIVE_INFINITY })).pastEnd).toBe(
      false,
    );
  });
});

describe('overlay corners', () => {
  it('a drag lands in the nearest corner', () => {
    expect(nearestCorner(10, 10, 1000, 500)).toBe('top-left');
    expect(nearestCorner(900, 10, 1000, 500)).toBe('top-right');
    expect(nearestCorner(10, 400, 1000, 500)).toBe('bottom-left');
    expect(nearestCorner(600, 300, 1000, 500)).toBe('bottom-right');
  });

  it('arrow keys move it across in their direction', () => {
    expect(cornerAfterKey('bottom-right', 'ArrowUp')).toBe('top-right');
    expect(cornerAfterKey('bottom-right', 'ArrowLeft')).toBe('bottom-left');
    expect(cornerAfterKey('top-left', 'ArrowDown')).toBe('bottom-left');
    expect(cornerAfterKey('top-left', 'ArrowRight')).toBe('top-right');
    expect(cornerAfterKey('top-left', 'ArrowLeft')).toBe('top-left');
    expect(cornerAfterKey('top-left', 'Enter')).toBe('top-left');
  });
});
