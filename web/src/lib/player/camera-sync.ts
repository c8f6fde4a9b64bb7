/**
 * Keeping the camera picture-in-picture on the screen recording's clock. Both files of a segment
 * start together, so the camera's time should equal the screen element's time. The player's sync
 * loop asks `cameraCorrection` many times a second (and at every seek, speed change, play, pause
 * and segment switch) and applies the answer:
 * - paused: jump to the exact frame (nothing to smooth);
 * - playing and far off (a seek, a stall), or still seeking: the screen waits (`holdScreen`) while
 *   the camera lands on the screen's exact frame, then both play on together. Aiming a moving
 *   target instead (jumping ahead by what camera seeks had been taking) landed up to 0.25 s off
 *   on a loaded machine, where one seek takes far longer than the last;
 * - playing and far off while the player may not hold the screen (for a while after a hold the
 *   camera could not end in time): jump, aiming ahead by what a camera seek has been taking;
 * - playing and a little off: play slightly faster or slower until caught up, which is invisible,
 *   where a jump every few seconds would stutter.
 * Past the camera file's end (a camera that stopped before the screen) there is nothing to show.
 */

/**
 * Drift (s) beyond which a playing camera jumps instead of catching up. Under the promised 0.1 s
 * (ADR 0009): at 0.15 a camera starved of CPU drifted to 0.13 s and took a second to catch up by speed.
 */
export const JUMP_DRIFT_S = 0.09;
/** Drift (s) under which nothing is corrected. */
export const SETTLED_DRIFT_S = 0.03;
/** Drift (s) a paused camera may keep (seeking costs a decode). */
export const PAUSED_DRIFT_S = 0.02;
/** The largest speed change used to catch up, as a fraction of the speed. */
export const MAX_NUDGE = 0.15;
/** What a camera seek is assumed to take before one was measured (s), and the most it counts. */
export const DEFAULT_SEEK_LATENCY_S = 0.1;
export const MAX_SEEK_LATENCY_S = 0.5;
/** The longest the screen waits for the camera (ms), and how long it then does not wait again. */
export const MAX_HOLD_MS = 1500;
export const HOLD_COOLDOWN_MS = 10_000;

export interface SyncInput {
  /**
   * Where the camera should be (s): the screen element's time in its segment minus the camera's
   * start offset (ADR 0008), so negative before the camera started.
   */
  screenS: number;
  /** The camera element's time (s). */
  cameraS: number;
  /** The camera file's length (s); NaN or Infinity while unknown. */
  cameraDurationS: number;
  /** Whether the screen is playing (not paused, not ended). */
  playing: boolean;
  /** The chosen speed. */
  rate: number;
  /** A seek of the camera element is still under way. */
  cameraSeeking: boolean;
  /** How long camera seeks have been taking (s); a jump while playing aims this far ahead. */
  seekLatencyS?: number;
  /** Whether the screen may wait for the camera instead of the camera chasing the screen. */
  mayHold?: boolean;
}

export interface SyncCorrection {
  /** Set the camera's time to this (s), or leave it. */
  seekTo: number | null;
  /** The camera's playback rate. */
  rate: number;
  /** Whether the camera should be playing. */
  play: boolean;
  /** The screen is past the end of the camera's file: show no picture. */
  pastEnd: boolean;
  /** The screen should wait (paused by the player, not the user) until the camera is on its frame. */
  holdScreen?: boolean;
}

/** `cameraCorrection` for a camera that starts `offsetMs` after the screen's segment file. */
export function cameraTarget(screenS: number, offsetMs: number): number {
  return screenS - Math.max(0, offsetMs) / 1000;
}

export function cameraCorrection({
  screenS,
  cameraS,
  cameraDurationS,
  playing,
  rate,
  cameraSeeking,
  seekLatencyS = DEFAULT_SEEK_LATENCY_S,
  mayHold = false,
}: SyncInput): SyncCorrection {
  const known = Number.isFinite(cameraDurationS) && cameraDurationS > 0;
  if (known && screenS > cameraDurationS + SETTLED_DRIFT_S) {
    return { seekTo: null, rate, play: false, pastEnd: true };
  }
  // Before the camera started: hold its first frame.
  if (screenS < 0)
    return { seekTo: !cameraSeeking && cameraS > PAUSED_DRIFT_S ? 0 : null, rate, play: false, pastEnd: false };
  const drift = cameraS - screenS;
  if (!playing) {
    return {
      seekTo: !cameraSeeking && Math.abs(drift) > PAUSED_DRIFT_S ? screenS : null,
      rate,
      play: false,
      pastEnd: false,
    };
  }
  if (mayHold && (cameraSeeking || Math.abs(drift) > JUMP_DRIFT_S)) {
    return { seekTo: cameraSeeking ? null : screenS, rate, play: false, pastEnd: false, holdScreen: true };
  }
  if (cameraSeeking) return { seekTo: null, rate, play: true, pastEnd: false };
  if (Math.abs(drift) > JUMP_DRIFT_S) {
    const ahead = Math.min(Math.max(0, seekLatencyS), MAX_SEEK_LATENCY_S) * rate;
    const target = known ? Math.min(screenS + ahead, cameraDurationS) : screenS + ahead;
    return { seekTo: target, rate, play: true, pastEnd: false };
  }
  if (Math.abs(drift) <= SETTLED_DRIFT_S) return { seekTo: null, rate, play: true, pastEnd: false };
  // Ahead → slower, behind → faster: 0.08 s off plays 8 % off, and is under 0.03 s within a second.
  const nudge = Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, drift));
  return { seekTo: null, rate: rate * (1 - nudge), play: true, pastEnd: false };
}

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** The corner nearest to a point of a `width` × `height` box (where a dragged overlay lands). */
export function nearestCorner(x: number, y: number, width: number, height: number): Corner {
  const vertical = y < height / 2 ? 'top' : 'bottom';
  const horizontal = x < width / 2 ? 'left' : 'right';
  return `${vertical}-${horizontal}`;
}

/** The corner an arrow key moves the overlay to (the other side in that direction, or where it is). */
export function cornerAfterKey(corner: Corner, key: string): Corner {
  const [vertical, horizontal] = corner.split('-') as ['top' | 'bottom', 'left' | 'right'];
  switch (key) {
    case 'ArrowUp':
      return `top-${horizontal}`;
    case 'ArrowDown':
      return `bottom-${horizontal}`;
    case 'ArrowLeft':
      return `${vertical}-left`;
    case 'ArrowRight':
      return `${vertical}-right`;
    default:
      return corner;
  }
}
