/**
 * Playing a recording's segments as one timeline on the two screen elements of a deck: near a
 * segment's end the standby element loads the next one (and the camera's standby its camera
 * file); at the end, or on a seek into another segment, the standby element is seeked where asked
 * and takes over once it has a frame, so there is no blank element between files. While a switch
 * is pending, it is where the player is: its segment, time and whether it will play.
 */
import type { CameraFollower } from '@/lib/player/camera-follower';
import { HAVE_CURRENT_DATA, HAVE_METADATA, startPlayback } from '@/lib/player/media-element';
import type { PlayerState, Track } from '@/lib/player/player-state';
import { shouldPreloadNext } from '@/lib/player/timeline';
import type { Slot } from '@/lib/player/video-deck';

/** A switch to another segment waiting for the standby element to be ready. */
export interface PendingSwitch {
  index: number;
  localMs: number;
  play: boolean;
  seekIssued: boolean;
}

export class SegmentSwitcher {
  pending: PendingSwitch | null = null;

  constructor(
    private readonly state: PlayerState,
    private readonly camera: CameraFollower,
    private readonly report: (track: Track, segment: number) => void,
  ) {}

  /** Forgets the switch under way (a seek back into the segment on screen, or new segments). */
  cancel(): void {
    this.pending = null;
  }

  /** An event of the standby screen element: only a pending switch cares, and a failed load. */
  onStandbyEvent(slot: Slot, type: string): void {
    if (!this.pending || this.state.screen.holds(slot) !== this.pending.index) return;
    if (type === 'error') this.report('screen', this.pending.index);
    else this.advance();
  }

  /** Near the end of a segment, the standby elements load the next one (screen and camera). */
  preloadNext(): void {
    const { screen, camera, snapshot } = this.state;
    const element = screen.element();
    const next = snapshot.segment + 1;
    if (!element || this.pending || next >= this.state.segments.length) return;
    if (!shouldPreloadNext(element.currentTime * 1000, this.state.segmentLengthMs(snapshot.segment))) return;
    if (screen.load(screen.standby, next, 'auto')) {
      const standby = screen.element(screen.standby);
      if (standby) standby.currentTime = 0;
    }
    if (this.camera.isEnabled && camera.url(next)) camera.load(camera.standby, next, 'auto');
  }

  /** The segment on screen ended: the next one plays, or the recording is over. */
  next(): void {
    const next = this.state.snapshot.segment + 1;
    if (next < this.state.segments.length) {
      this.switchTo(next, 0, true);
      return;
    }
    this.state.update({ playing: false, currentMs: this.state.durationMs() });
    this.camera.sync();
  }

  /** Shows segment `index` at `localMs`: loads it in the standby element and swaps once a frame is ready. */
  switchTo(index: number, localMs: number, play: boolean): void {
    const { screen } = this.state;
    this.camera.release();
    this.pending = { index, localMs, play, seekIssued: false };
    this.state.update({
      segment: index,
      playing: play,
      currentMs: this.state.startOf(index) + localMs,
      camera: this.camera.statusFor(index),
    });
    screen.load(screen.standby, index, 'auto');
    this.advance();
    this.camera.sync();
  }

  /** Moves a pending switch on: seek the standby element where asked, then swap when it has a frame. */
  private advance(): void {
    const { screen } = this.state;
    const pending = this.pending;
    const element = screen.element(screen.standby);
    if (!pending || !element || element.readyState < HAVE_METADATA) return;
    const wanted = pending.localMs / 1000;
    if (!pending.seekIssued && Math.abs(element.currentTime - wanted) > 0.01) {
      pending.seekIssued = true;
      element.currentTime = wanted;
      return;
    }
    if (element.seeking || element.readyState < HAVE_CURRENT_DATA) return;
    const previous = screen.element();
    this.pending = null;
    screen.swap();
    previous?.pause();
    const { rate, muted } = this.state.snapshot;
    element.defaultPlaybackRate = rate;
    element.playbackRate = rate;
    element.muted = muted;
    if (pending.play) startPlayback(element);
    this.state.update({
      screenSlot: screen.active,
      currentMs: this.state.startOf(pending.index) + element.currentTime * 1000,
      playing: pending.play,
      durationMs: this.state.durationMs(),
    });
    this.camera.sync();
  }
}
