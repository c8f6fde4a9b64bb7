/**
 * The entry page's player, outside React: one facade over small parts that each own one concern,
 * the way hls.js's `Hls` sits over its controllers.
 * - player-state.ts: the segments on one timeline, the element decks and the snapshot React reads
 *   (`subscribe`/`getSnapshot`, for useSyncExternalStore);
 * - segment-switcher.ts: the recording's segments played back to back on two screen <video>
 *   elements (the next loads out of sight and takes over at the boundary: no blank frame);
 * - camera-follower.ts: the participant's camera on two more elements, kept on the screen's clock
 *   (and the screen held while the camera lands on its frame);
 * - clip-range.ts: a clip plays only its range (`playRange`) and pauses at its end, checked here
 *   at every frame and every `timeupdate`; any other seek ends it.
 * This class keeps the API the player's React side has always called: it routes the elements'
 * events to the parts and runs the commands (seek, toggle, …), which touch more than one part.
 */
import { CameraFollower } from '@/lib/player/camera-follower';
import { clipRange, reachedRangeEnd } from '@/lib/player/clip-range';
import { attachTo, CAMERA_EVENTS, SCREEN_EVENTS, startPlayback } from '@/lib/player/media-element';
import {
  PlayerState,
  type EngineSegment,
  type PlaybackErrorHandler,
  type PlayerSnapshot,
  type Track,
} from '@/lib/player/player-state';
import { SegmentSwitcher } from '@/lib/player/segment-switcher';
import { clampMs, FRAME_MS, locate } from '@/lib/player/timeline';
import type { Slot, VideoDeck } from '@/lib/player/video-deck';

export type { CameraStatus, EngineSegment, PlaybackErrorHandler, PlayerSnapshot } from '@/lib/player/player-state';

export class PlayerEngine {
  private readonly state: PlayerState;
  private readonly camera: CameraFollower;
  private readonly switcher: SegmentSwitcher;
  private frame = 0;
  onError: PlaybackErrorHandler | null = null;
  /** Called when a clip's range has played to its end (a reel moves on to its next clip). */
  onRangeEnd: (() => void) | null = null;

  /** Stable ref callbacks for the four elements (React calls them with null on unmount). */
  readonly screenRefs: [(element: HTMLVideoElement | null) => void, (element: HTMLVideoElement | null) => void];
  readonly cameraRefs: [(element: HTMLVideoElement | null) => void, (element: HTMLVideoElement | null) => void];

  constructor(segments: readonly EngineSegment[], apiDurationMs: number | null) {
    this.state = new PlayerState(segments, apiDurationMs);
    const report = (track: Track, segment: number) => this.onError?.({ track, segment });
    this.camera = new CameraFollower(this.state, () => this.switcher.pending, report);
    this.switcher = new SegmentSwitcher(this.state, this.camera, report);
    this.screenRefs = [(el) => this.attachScreen(0, el), (el) => this.attachScreen(1, el)];
    this.cameraRefs = [(el) => this.attachCamera(0, el), (el) => this.attachCamera(1, el)];
  }

  // ---------- React's view ----------

  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  getSnapshot = (): PlayerSnapshot => this.state.snapshot;

  /** One file: the element's length when it knows it. Several: the sum of the API's lengths. */
  durationMs(): number {
    return this.state.durationMs();
  }

  /**
   * New answers for the same recording (a refreshed signature after the hour, or after an error):
   * elements holding an outdated URL reload it at the time they were at.
   */
  setSegments(segments: readonly EngineSegment[], apiDurationMs: number | null): void {
    const { screen, camera } = this.state;
    const sameShape = segments.length === this.state.segments.length;
    this.state.setSegments(segments, apiDurationMs);
    for (const slot of screen.setUrls(segments.map((s) => s.url))) reload(screen, slot, slot === screen.active);
    for (const slot of camera.setUrls(segments.map((s) => s.cameraUrl))) reload(camera, slot, false);
    if (!sameShape) this.switcher.cancel();
    this.state.update({
      durationMs: this.state.durationMs(),
      hasCamera: this.state.hasCamera(),
      camera: this.camera.statusFor(this.state.snapshot.segment),
    });
    this.camera.sync();
  }

  // ---------- Elements ----------

  private attachScreen(slot: Slot, element: HTMLVideoElement | null): void {
    const { screen, snapshot } = this.state;
    if (!attachTo(screen, slot, element, SCREEN_EVENTS, this.onScreenEvent) || !element) return;
    element.defaultPlaybackRate = snapshot.rate;
    element.playbackRate = snapshot.rate;
    element.muted = snapshot.muted;
    if (slot === screen.active) screen.load(slot, snapshot.segment);
  }

  private attachCamera(slot: Slot, element: HTMLVideoElement | null): void {
    if (!attachTo(this.state.camera, slot, element, CAMERA_EVENTS, this.camera.onEvent) || !element) return;
    // The microphone is in the screen recording; the camera file has no sound.
    element.muted = true;
    this.camera.sync();
  }

  private onScreenEvent = (event: Event): void => {
    const slot = this.state.screen.slotOf(event.currentTarget);
    if (slot === null) return;
    const element = event.currentTarget as HTMLVideoElement;
    if (slot !== this.state.screen.active) {
      this.switcher.onStandbyEvent(slot, event.type);
      return;
    }
    switch (event.type) {
      case 'loadedmetadata':
      case 'durationchange':
        this.state.update({ durationMs: this.state.durationMs() });
        break;
      case 'timeupdate':
      case 'seeking':
      case 'seeked':
        if (!this.switcher.pending) {
          this.state.update({
            currentMs: this.state.startOf(this.state.snapshot.segment) + element.currentTime * 1000,
          });
        }
        if (event.type === 'timeupdate') {
          this.checkRange();
          this.switcher.preloadNext();
        } else this.camera.sync();
        break;
      case 'play':
      case 'playing':
        this.state.update({ playing: true });
        this.loop();
        break;
      case 'waiting':
        this.camera.sync();
        break;
      case 'pause':
        // The pause a segment switch or a hold for the camera causes is not the user's.
        if (!this.switcher.pending && !this.camera.holding) this.state.update({ playing: false });
        this.camera.sync();
        break;
      case 'ended':
        this.switcher.next();
        break;
      case 'volumechange':
        this.state.update({ muted: element.muted });
        break;
      case 'error':
        this.onError?.({ track: 'screen', segment: this.state.snapshot.segment });
        break;
      default:
        break;
    }
  };

  // ---------- Position and commands ----------

  /** The timeline position right now (reads the element, unlike the snapshot's `currentMs`). */
  position = (): number => {
    const pending = this.switcher.pending;
    if (pending) return this.state.startOf(pending.index) + pending.localMs;
    return this.state.startOf(this.state.snapshot.segment) + (this.state.screen.element()?.currentTime ?? 0) * 1000;
  };

  private isPlaying(): boolean {
    if (this.switcher.pending) return this.switcher.pending.play;
    if (this.camera.holding) return true;
    const element = this.state.screen.element();
    return element ? !element.paused && !element.ended : false;
  }

  /** Moves the playhead to timeline `ms` (clamped); `play` starts it, else it keeps playing or not. Returns where it went. */
  seek = (ms: number, options: { play?: boolean; keepRange?: boolean } = {}): number => {
    const { state } = this;
    if (state.snapshot.range && !options.keepRange) state.update({ range: null });
    const target = clampMs(ms, state.durationMs());
    const { index, localMs } =
      state.segments.length > 1 ? locate(state.segmentStarts, target) : { index: 0, localMs: target };
    const play = options.play ?? this.isPlaying();
    const wasHeld = this.camera.holding;
    this.camera.release();
    state.update({ currentMs: target });
    const shown = state.screen.holds(state.screen.active) ?? state.snapshot.segment;
    if (this.switcher.pending && index === shown) {
      // Back into the segment still on screen: forget the switch.
      this.switcher.cancel();
      state.update({ segment: index, playing: play, camera: this.camera.statusFor(index) });
    }
    if (index === shown && !this.switcher.pending) {
      const element = state.screen.element();
      if (!element) return target;
      element.currentTime = localMs / 1000;
      // A seek during a hold plays on (the camera gets its own hold if it needs one).
      if (options.play || (wasHeld && play)) startPlayback(element);
      else if (wasHeld) state.update({ playing: false });
      this.camera.sync();
      return target;
    }
    this.switcher.switchTo(index, localMs, play);
    return target;
  };

  /** Plays `startMs..endMs` of the timeline (across segments) and pauses at its end. */
  playRange = (startMs: number, endMs: number): void => {
    const range = clipRange(startMs, endMs, this.state.durationMs());
    this.seek(range.start, { play: true });
    this.state.update({ range });
  };

  /** Ends a clip's playback at its end: paused exactly there. */
  private checkRange(): void {
    const range = this.state.snapshot.range;
    if (!reachedRangeEnd(range, this.position())) return;
    this.pause();
    this.seek(range.end, { play: false });
    this.onRangeEnd?.();
  }

  seekBy = (seconds: number): number => this.seek(this.position() + seconds * 1000);

  /** One frame back (-1) or forward (+1); pauses first, as frames are only seen while paused. */
  stepFrame = (direction: -1 | 1): number => {
    this.pause();
    return this.seek(this.position() + direction * FRAME_MS, { play: false });
  };

  /** Plays when paused and pauses when playing; returns whether it now plays. */
  toggle = (): boolean => {
    if (this.camera.holding) {
      // Held for the camera, it looks like playing: the user pauses.
      this.pause();
      return false;
    }
    const pending = this.switcher.pending;
    if (pending) {
      pending.play = !pending.play;
      this.state.update({ playing: pending.play });
      return pending.play;
    }
    const element = this.state.screen.element();
    if (!element) return false;
    if (element.paused || element.ended) {
      const count = this.state.segments.length;
      const last = this.state.snapshot.segment === count - 1;
      // At the very end of several segments, play from the start again (one file does that itself).
      if (element.ended && last && count > 1) {
        this.seek(0, { play: true });
        return true;
      }
      startPlayback(element);
      return true;
    }
    element.pause();
    return false;
  };

  pause = (): void => {
    if (this.camera.holding) {
      this.camera.release();
      this.state.update({ playing: false });
      this.camera.sync();
      return;
    }
    const pending = this.switcher.pending;
    if (pending) {
      pending.play = false;
      this.state.update({ playing: false });
      return;
    }
    this.state.screen.element()?.pause();
  };

  setRate = (rate: number): void => {
    for (const slot of [0, 1] as const) {
      const element = this.state.screen.element(slot);
      if (!element) continue;
      element.defaultPlaybackRate = rate;
      element.playbackRate = rate;
    }
    this.state.update({ rate });
    this.camera.sync();
  };

  setMuted = (muted: boolean): void => {
    for (const slot of [0, 1] as const) {
      const element = this.state.screen.element(slot);
      if (element) element.muted = muted;
    }
    this.state.update({ muted });
  };

  /** Shows or hides the camera; a hidden camera is paused and not downloaded further. */
  setCameraEnabled = (enabled: boolean): void => this.camera.setEnabled(enabled);

  /** Stops the sync loop and playback (the page is going away). */
  destroy(): void {
    this.camera.release();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const deck of [this.state.screen, this.state.camera]) {
      for (const slot of [0, 1] as const) deck.element(slot)?.pause();
    }
  }

  /** Runs the clip's end check and the camera sync every frame while the screen plays. */
  private loop(): void {
    if (this.frame || typeof requestAnimationFrame !== 'function') return;
    const tick = () => {
      this.frame = 0;
      this.checkRange();
      this.camera.sync();
      if (this.isPlaying()) this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }
}

/** Reloads a deck's element whose URL went stale, at the time it was at (and playing if it was). */
function reload(deck: VideoDeck, slot: Slot, visible: boolean): void {
  const element = deck.element(slot);
  const index = deck.holds(slot);
  if (!element || index === null) return;
  const seconds = element.currentTime;
  const wasPlaying = visible && !element.paused && !element.ended;
  deck.load(slot, index, element.preload === 'auto' ? 'auto' : 'metadata');
  // Before the metadata arrives this is the "default playback start position", which browsers honour.
  element.currentTime = seconds;
  if (wasPlaying) startPlayback(element);
}
