/**
 * The participant's camera on the screen recording's clock: follows the screen's segment (the
 * preloaded standby element takes over, or the visible one loads it), and applies what
 * lib/player/camera-sync.ts decides at every frame while playing and at every seek, speed change,
 * play, pause and segment switch. When the camera is far off while playing, the screen is held
 * (paused by the player, not the user: the snapshot still says playing) until the camera lands on
 * its frame, for at most MAX_HOLD_MS; after a hold that ran out, none starts for HOLD_COOLDOWN_MS.
 */
import {
  cameraCorrection,
  cameraTarget,
  DEFAULT_SEEK_LATENCY_S,
  HOLD_COOLDOWN_MS,
  MAX_HOLD_MS,
  MAX_SEEK_LATENCY_S,
} from '@/lib/player/camera-sync';
import { HAVE_CURRENT_DATA, HAVE_FUTURE_DATA, HAVE_METADATA, startPlayback } from '@/lib/player/media-element';
import type { CameraStatus, PlayerState, Track } from '@/lib/player/player-state';

/** A segment switch under way: the camera follows the segment and time it goes to. */
export interface SwitchTarget {
  index: number;
  localMs: number;
}

export class CameraFollower {
  private enabled = true;
  /** How long camera seeks take (s, smoothed), and when the one under way started (ms). */
  private seekLatency = DEFAULT_SEEK_LATENCY_S;
  private seekAt: number | null = null;
  /** Since when (ms) the screen has been held for the camera; null when not. */
  private heldSince: number | null = null;
  private holdBlockedUntil = 0;

  constructor(
    private readonly state: PlayerState,
    /** The switch under way, if any (owned by the segment switcher). */
    private readonly switching: () => SwitchTarget | null,
    private readonly report: (track: Track, segment: number) => void,
  ) {}

  get isEnabled(): boolean {
    return this.enabled;
  }

  /** Whether the screen is paused by us, waiting for the camera. */
  get holding(): boolean {
    return this.heldSince !== null;
  }

  /** Forgets a hold without starting the screen: a seek, pause or switch decides what plays. */
  release(): void {
    this.heldSince = null;
  }

  /** Shows or hides the camera; a hidden camera is paused and not downloaded further. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.state.update({ camera: this.statusFor(this.state.snapshot.segment) });
    this.sync();
  }

  statusFor(index: number): CameraStatus {
    if (!this.state.segments[index]?.cameraUrl) return 'none';
    if (!this.enabled) return 'off';
    const snapshot = this.state.snapshot;
    return snapshot.camera === 'ended' && index === snapshot.segment ? 'ended' : 'live';
  }

  /** A camera element's event: a finished seek tells how long seeks take; an error is reported. */
  onEvent = (event: Event): void => {
    if (event.type === 'seeked' && this.seekAt !== null) {
      const took = (performance.now() - this.seekAt) / 1000;
      this.seekAt = null;
      this.seekLatency = Math.min(MAX_SEEK_LATENCY_S, (this.seekLatency + took) / 2);
    }
    if (event.type === 'error') {
      const slot = this.state.camera.slotOf(event.currentTarget);
      const index = slot === null ? null : this.state.camera.holds(slot);
      if (index !== null) this.report('camera', index);
      return;
    }
    this.sync();
  };

  /** Puts the camera where the screen is (see lib/player/camera-sync.ts for how). */
  sync(): void {
    const { camera: deck, screen: screenDeck, segments, snapshot } = this.state;
    const pending = this.switching();
    const index = pending ? pending.index : snapshot.segment;
    const wanted = this.enabled ? deck.url(index) : null;
    if (!wanted) {
      for (const slot of [0, 1] as const) {
        const element = deck.element(slot);
        if (element && !element.paused) element.pause();
      }
      this.endHold(false);
      return;
    }
    // The camera follows the screen's segment: the preloaded standby takes over, or the visible one loads it.
    if (deck.holds(deck.active) !== index) {
      const standby = deck.element(deck.standby);
      if (deck.holds(deck.standby) === index && standby && standby.readyState >= HAVE_METADATA) {
        deck.element()?.pause();
        deck.swap();
        this.state.update({ cameraSlot: deck.active });
      } else {
        deck.load(deck.active, index);
      }
    }
    const camera = deck.element();
    const screen = screenDeck.element();
    if (!camera || !screen || camera.readyState < HAVE_METADATA) {
      this.endHold(false);
      return;
    }
    const screenS = cameraTarget(
      pending ? pending.localMs / 1000 : screen.currentTime,
      segments[index]?.cameraOffsetMs ?? 0,
    );
    const held = this.heldSince !== null;
    // A screen that waits for data is not moving: the camera waits with it. So does a held one.
    const playing = !held && !pending && !screen.paused && !screen.ended && screen.readyState >= HAVE_FUTURE_DATA;
    const now = performance.now();
    const correction = cameraCorrection({
      screenS,
      cameraS: camera.currentTime,
      cameraDurationS: camera.duration,
      playing,
      rate: this.state.snapshot.rate,
      cameraSeeking: camera.seeking,
      seekLatencyS: this.seekLatency,
      mayHold: now >= this.holdBlockedUntil,
    });
    this.state.update({ camera: correction.pastEnd ? 'ended' : 'live' });
    if (correction.holdScreen && playing) {
      this.heldSince = now;
      screen.pause();
    }
    if (correction.seekTo !== null) {
      // Timed only while playing: that is when the screen runs on during the seek.
      this.seekAt = playing && !correction.holdScreen ? now : null;
      camera.currentTime = correction.seekTo;
    }
    if (Math.abs(camera.playbackRate - correction.rate) > 0.001) camera.playbackRate = correction.rate;
    if (correction.play && camera.paused) startPlayback(camera);
    else if (!correction.play && !camera.paused) camera.pause();
    if (this.heldSince === null || !held) return;
    // Held: the camera is on the screen's frame with a picture (or has nothing to show there), so
    // both play on; or it took too long, and the screen stops waiting for a while.
    const landed = correction.seekTo === null && !camera.seeking && camera.readyState >= HAVE_CURRENT_DATA;
    if (landed || correction.pastEnd || screenS < 0) this.endHold(true);
    else if (now - this.heldSince > MAX_HOLD_MS) {
      this.holdBlockedUntil = now + HOLD_COOLDOWN_MS;
      this.endHold(true);
    }
  }

  /** Ends a hold for the camera: the screen plays on, and the camera with it (`resync`). */
  private endHold(resync: boolean): void {
    if (this.heldSince === null) return;
    this.heldSince = null;
    const screen = this.state.screen.element();
    if (screen) startPlayback(screen);
    if (resync) this.sync();
  }
}
