/**
 * The entry page's player, outside React: the recording's segments played as one timeline on two
 * screen <video> elements (the next segment loads out of sight and takes over at the boundary, so
 * there is no blank frame), and the participant's camera on two more, kept on the screen's clock
 * by a sync loop (lib/player/camera-sync.ts) at every frame while playing and at every seek, speed
 * change, play, pause and segment switch. React reads a snapshot (`subscribe`/`getSnapshot`, for
 * useSyncExternalStore) and calls the commands; the engine owns the elements' `src`.
 * Size: the player's one state machine outside React (segments, camera sync, seeking); its parts share private state.
 *
 * Positions are timeline milliseconds: a segment's start (the sum of the segments before it) plus
 * the element's time. A single file trusts the element's own length; several use the API's.
 *
 * A clip plays only its range (`playRange`): the engine seeks to its start (in whichever segment)
 * and pauses at its end, checked at every frame and every `timeupdate`. Any other seek ends it.
 */
import { effectiveDurationMs } from '@/lib/player/chapters';
import {
  cameraCorrection,
  cameraTarget,
  DEFAULT_SEEK_LATENCY_S,
  HOLD_COOLDOWN_MS,
  MAX_HOLD_MS,
  MAX_SEEK_LATENCY_S,
} from '@/lib/player/camera-sync';
import { clampMs, FRAME_MS, locate, segmentOffsets, shouldPreloadNext } from '@/lib/player/timeline';
import { VideoDeck, type Slot } from '@/lib/player/video-deck';

export interface EngineSegment {
  url: string;
  durationMs: number;
  /** The camera file of this segment, or null when the participant recorded none. */
  cameraUrl: string | null;
  /** Where the camera file starts on the screen file (ms): camera time = screen time − this. */
  cameraOffsetMs: number;
}

/** What the camera overlay can show for the current segment. */
export type CameraStatus = 'none' | 'off' | 'live' | 'ended';

export interface PlayerSnapshot {
  currentMs: number;
  durationMs: number;
  playing: boolean;
  rate: number;
  muted: boolean;
  /** The segment on screen (or being switched to). */
  segment: number;
  /** Which screen element is visible, and which camera element. */
  screenSlot: Slot;
  cameraSlot: Slot;
  /** Whether any segment has a camera file. */
  hasCamera: boolean;
  camera: CameraStatus;
  /** While a clip plays: its range on the timeline; playback stops at `end`. */
  range: { start: number; end: number } | null;
}

export type PlaybackErrorHandler = (failure: { track: 'screen' | 'camera'; segment: number }) => void;

/** HTMLMediaElement.readyState values (jsdom lacks the constants). */
const HAVE_METADATA = 1;
const HAVE_CURRENT_DATA = 2;
const HAVE_FUTURE_DATA = 3;

const SCREEN_EVENTS = [
  'loadedmetadata',
  'loadeddata',
  'canplay',
  'durationchange',
  'timeupdate',
  'seeking',
  'seeked',
  'play',
  'pause',
  'ended',
  'volumechange',
  'waiting',
  'playing',
  'error',
] as const;
const CAMERA_EVENTS = ['loadedmetadata', 'loadeddata', 'canplay', 'seeked', 'error'] as const;

/**
 * Gives a deck's slot its element (or none), moving the track's listeners from the old one to the
 * new. True when a new element arrived, which the caller then sets up.
 */
function attachTo(
  deck: VideoDeck,
  slot: Slot,
  element: HTMLVideoElement | null,
  events: readonly string[],
  listener: (event: Event) => void,
): boolean {
  const before = deck.element(slot);
  if (before === element) return false;
  if (before) events.forEach((type) => before.removeEventListener(type, listener));
  deck.attach(slot, element);
  if (!element) return false;
  events.forEach((type) => element.addEventListener(type, listener));
  return true;
}

/** play() rejects when the source changes or the browser refuses; the controls stay usable. */
const start = (element: HTMLVideoElement) => {
  element.play()?.catch(() => {});
};

interface Pending {
  index: number;
  localMs: number;
  play: boolean;
  seekIssued: boolean;
}

export class PlayerEngine {
  private segments: readonly EngineSegment[];
  private starts: number[] = [];
  private total = 0;
  private apiDurationMs: number | null;
  private readonly screen: VideoDeck;
  private readonly camera: VideoDeck;
  /** A switch to another segment waiting for the standby element to be ready. */
  private pending: Pending | null = null;
  private cameraEnabled = true;
  /** How long camera seeks take (s, smoothed), and when the one under way started (ms). */
  private cameraSeekLatency = DEFAULT_SEEK_LATENCY_S;
  private cameraSeekAt: number | null = null;
  /**
   * Since when (ms) the screen has been paused by the engine, not the user, while the camera lands
   * on its frame; null when not. The snapshot still says playing. Holds are not started again
   * before `holdBlockedUntil` (ms) after one that ran out.
   */
  private heldSince: number | null = null;
  private holdBlockedUntil = 0;
  private frame = 0;
  private snapshot: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  onError: PlaybackErrorHandler | null = null;
  /** Called when a clip's range has played to its end (a reel moves on to its next clip). */
  onRangeEnd: (() => void) | null = null;

  /** Stable ref callbacks for the four elements (React calls them with null on unmount). */
  readonly screenRefs: [(element: HTMLVideoElement | null) => void, (element: HTMLVideoElement | null) => void];
  readonly cameraRefs: [(element: HTMLVideoElement | null) => void, (element: HTMLVideoElement | null) => void];

  constructor(segments: readonly EngineSegment[], apiDurationMs: number | null) {
    this.segments = segments;
    this.apiDurationMs = apiDurationMs;
    this.screen = new VideoDeck(segments.map((s) => s.url));
    this.camera = new VideoDeck(segments.map((s) => s.cameraUrl));
    this.measure();
    this.snapshot = {
      currentMs: 0,
      durationMs: this.durationMs(),
      playing: false,
      rate: 1,
      muted: false,
      segment: 0,
      screenSlot: 0,
      cameraSlot: 0,
      hasCamera: segments.some((s) => Boolean(s.cameraUrl)),
      camera: this.cameraStatusFor(0),
      range: null,
    };
    this.screenRefs = [(el) => this.attachScreen(0, el), (el) => this.attachScreen(1, el)];
    this.cameraRefs = [(el) => this.attachCamera(0, el), (el) => this.attachCamera(1, el)];
  }

  // ---------- React's view ----------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlayerSnapshot => this.snapshot;

  private update(patch: Partial<PlayerSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    const changed = (Object.keys(patch) as (keyof PlayerSnapshot)[]).some((key) => next[key] !== this.snapshot[key]);
    if (!changed) return;
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }

  // ---------- Segments ----------

  private measure(): void {
    const { starts, total } = segmentOffsets(this.segments);
    this.starts = starts;
    this.total = total;
  }

  private startOf(index: number): number {
    return this.starts[index] ?? 0;
  }

  /** One file: the element's length when it knows it. Several: the sum of the API's lengths. */
  durationMs(): number {
    if (this.segments.length > 1) return this.total;
    return effectiveDurationMs(this.screen.element()?.duration ?? Number.NaN, this.apiDurationMs);
  }

  /** The length of segment `index` as far as known: its element's if loaded, else the API's. */
  private segmentLengthMs(index: number): number {
    const element = this.screen.element();
    if (
      this.screen.holds(this.screen.active) === index &&
      element &&
      Number.isFinite(element.duration) &&
      element.duration > 0
    ) {
      return element.duration * 1000;
    }
    return this.segments[index]?.durationMs ?? 0;
  }

  /**
   * New answers for the same recording (a refreshed signature after the hour, or after an error):
   * elements holding an outdated URL reload it at the time they were at.
   */
  setSegments(segments: readonly EngineSegment[], apiDurationMs: number | null): void {
    const sameShape = segments.length === this.segments.length;
    this.segments = segments;
    this.apiDurationMs = apiDurationMs;
    this.measure();
    for (const slot of this.screen.setUrls(segments.map((s) => s.url)))
      this.reload(this.screen, slot, slot === this.screen.active);
    for (const slot of this.camera.setUrls(segments.map((s) => s.cameraUrl))) this.reload(this.camera, slot, false);
    if (!sameShape) this.pending = null;
    this.update({
      durationMs: this.durationMs(),
      hasCamera: segments.some((s) => Boolean(s.cameraUrl)),
      camera: this.cameraStatusFor(this.snapshot.segment),
    });
    this.syncCamera();
  }

  private reload(deck: VideoDeck, slot: Slot, visible: boolean): void {
    const element = deck.element(slot);
    const index = deck.holds(slot);
    if (!element || index === null) return;
    const seconds = element.currentTime;
    const wasPlaying = visible && !element.paused && !element.ended;
    deck.load(slot, index, element.preload === 'auto' ? 'auto' : 'metadata');
    // Before the metadata arrives this is the "default playback start position", which browsers honour.
    element.currentTime = seconds;
    if (wasPlaying) start(element);
  }

  // ---------- Elements ----------

  private attachScreen(slot: Slot, element: HTMLVideoElement | null): void {
    if (!attachTo(this.screen, slot, element, SCREEN_EVENTS, this.onScreenEvent) || !element) return;
    element.defaultPlaybackRate = this.snapshot.rate;
    element.playbackRate = this.snapshot.rate;
    element.muted = this.snapshot.muted;
    if (slot === this.screen.active) this.screen.load(slot, this.snapshot.segment);
  }

  private attachCamera(slot: Slot, element: HTMLVideoElement | null): void {
    if (!attachTo(this.camera, slot, element, CAMERA_EVENTS, this.onCameraEvent) || !element) return;
    // The microphone is in the screen recording; the camera file has no sound.
    element.muted = true;
    this.syncCamera();
  }

  private onScreenEvent = (event: Event): void => {
    const slot = this.screen.slotOf(event.currentTarget);
    if (slot === null) return;
    const element = event.currentTarget as HTMLVideoElement;
    if (slot !== this.screen.active) {
      // The standby element: only a pending switch cares, and a failed load.
      if (this.pending && this.screen.holds(slot) === this.pending.index) {
        if (event.type === 'error') this.reportError('screen', this.pending.index);
        else this.advancePending();
      }
      return;
    }
    switch (event.type) {
      case 'loadedmetadata':
      case 'durationchange':
        this.update({ durationMs: this.durationMs() });
        break;
      case 'timeupdate':
      case 'seeking':
      case 'seeked':
        if (!this.pending) this.update({ currentMs: this.startOf(this.snapshot.segment) + element.currentTime * 1000 });
        if (event.type === 'timeupdate') {
          this.checkRange();
          this.preloadNext();
        } else this.syncCamera();
        break;
      case 'play':
      case 'playing':
        this.update({ playing: true });
        this.loop();
        break;
      case 'waiting':
        this.syncCamera();
        break;
      case 'pause':
        // The pause a segment switch or a hold for the camera causes is not the user's.
        if (!this.pending && this.heldSince === null) this.update({ playing: false });
        this.syncCamera();
        break;
      case 'ended':
        this.next();
        break;
      case 'volumechange':
        this.update({ muted: element.muted });
        break;
      case 'error':
        this.reportError('screen', this.snapshot.segment);
        break;
      default:
        break;
    }
  };

  private onCameraEvent = (event: Event): void => {
    if (event.type === 'seeked' && this.cameraSeekAt !== null) {
      const took = (performance.now() - this.cameraSeekAt) / 1000;
      this.cameraSeekAt = null;
      this.cameraSeekLatency = Math.min(MAX_SEEK_LATENCY_S, (this.cameraSeekLatency + took) / 2);
    }
    if (event.type === 'error') {
      const slot = this.camera.slotOf(event.currentTarget);
      const index = slot === null ? null : this.camera.holds(slot);
      if (index !== null) this.reportError('camera', index);
      return;
    }
    this.syncCamera();
  };

  private reportError(track: 'screen' | 'camera', segment: number): void {
    this.onError?.({ track, segment });
  }

  // ---------- Position and commands ----------

  /** The timeline position right now (reads the element, unlike the snapshot's `currentMs`). */
  position = (): number => {
    if (this.pending) return this.startOf(this.pending.index) + this.pending.localMs;
    return this.startOf(this.snapshot.segment) + (this.screen.element()?.currentTime ?? 0) * 1000;
  };

  private isPlaying(): boolean {
    if (this.pending) return this.pending.play;
    if (this.heldSince !== null) return true;
    const element = this.screen.element();
    return element ? !element.paused && !element.ended : false;
  }

  /** Moves the playhead to timeline `ms` (clamped); `play` starts it, else it keeps playing or not. Returns where it went. */
  seek = (ms: number, options: { play?: boolean; keepRange?: boolean } = {}): number => {
    if (this.snapshot.range && !options.keepRange) this.update({ range: null });
    const target = clampMs(ms, this.durationMs());
    const { index, localMs } = this.segments.length > 1 ? locate(this.starts, target) : { index: 0, localMs: target };
    const play = options.play ?? this.isPlaying();
    const wasHeld = this.heldSince !== null;
    this.heldSince = null;
    this.update({ currentMs: target });
    const shown = this.screen.holds(this.screen.active) ?? this.snapshot.segment;
    if (this.pending && index === shown) {
      // Back into the segment still on screen: forget the switch.
      this.pending = null;
      this.update({ segment: index, playing: play, camera: this.cameraStatusFor(index) });
    }
    if (index === shown && !this.pending) {
      const element = this.screen.element();
      if (!element) return target;
      element.currentTime = localMs / 1000;
      // A seek during a hold plays on (the camera gets its own hold if it needs one).
      if (options.play || (wasHeld && play)) start(element);
      else if (wasHeld) this.update({ playing: false });
      this.syncCamera();
      return target;
    }
    this.switchTo(index, localMs, play);
    return target;
  };

  /** Plays `startMs..endMs` of the timeline (across segments) and pauses at its end. */
  playRange = (startMs: number, endMs: number): void => {
    const start = clampMs(startMs, this.durationMs());
    this.seek(start, { play: true });
    this.update({ range: { start, end: Math.max(start, endMs) } });
  };

  /** Ends a clip's playback at its end: paused exactly there. */
  private checkRange(): void {
    const range = this.snapshot.range;
    if (!range || this.position() < range.end) return;
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
    if (this.heldSince !== null) {
      // Held for the camera, it looks like playing: the user pauses.
      this.pause();
      return false;
    }
    if (this.pending) {
      this.pending.play = !this.pending.play;
      this.update({ playing: this.pending.play });
      return this.pending.play;
    }
    const element = this.screen.element();
    if (!element) return false;
    if (element.paused || element.ended) {
      const last = this.snapshot.segment === this.segments.length - 1;
      // At the very end of several segments, play from the start again (one file does that itself).
      if (element.ended && last && this.segments.length > 1) {
        this.seek(0, { play: true });
        return true;
      }
      start(element);
      return true;
    }
    element.pause();
    return false;
  };

  pause = (): void => {
    if (this.heldSince !== null) {
      this.heldSince = null;
      this.update({ playing: false });
      this.syncCamera();
      return;
    }
    if (this.pending) {
      this.pending.play = false;
      this.update({ playing: false });
      return;
    }
    this.screen.element()?.pause();
  };

  setRate = (rate: number): void => {
    for (const slot of [0, 1] as const) {
      const element = this.screen.element(slot);
      if (!element) continue;
      element.defaultPlaybackRate = rate;
      element.playbackRate = rate;
    }
    this.update({ rate });
    this.syncCamera();
  };

  setMuted = (muted: boolean): void => {
    for (const slot of [0, 1] as const) {
      const element = this.screen.element(slot);
      if (element) element.muted = muted;
    }
    this.update({ muted });
  };

  /** Shows or hides the camera; a hidden camera is paused and not downloaded further. */
  setCameraEnabled = (enabled: boolean): void => {
    this.cameraEnabled = enabled;
    this.update({ camera: this.cameraStatusFor(this.snapshot.segment) });
    this.syncCamera();
  };

  /** Stops the sync loop and playback (the page is going away). */
  destroy(): void {
    this.heldSince = null;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const deck of [this.screen, this.camera]) {
      for (const slot of [0, 1] as const) deck.element(slot)?.pause();
    }
  }

  // ---------- Segment switching ----------

  /** Near the end of a segment, the standby elements load the next one (screen and camera). */
  private preloadNext(): void {
    const element = this.screen.element();
    const next = this.snapshot.segment + 1;
    if (!element || this.pending || next >= this.segments.length) return;
    if (!shouldPreloadNext(element.currentTime * 1000, this.segmentLengthMs(this.snapshot.segment))) return;
    if (this.screen.load(this.screen.standby, next, 'auto')) {
      const standby = this.screen.element(this.screen.standby);
      if (standby) standby.currentTime = 0;
    }
    if (this.cameraEnabled && this.camera.url(next)) this.camera.load(this.camera.standby, next, 'auto');
  }

  private next(): void {
    const next = this.snapshot.segment + 1;
    if (next < this.segments.length) {
      this.switchTo(next, 0, true);
      return;
    }
    this.update({ playing: false, currentMs: this.durationMs() });
    this.syncCamera();
  }

  /** Shows segment `index` at `localMs`: loads it in the standby element and swaps once a frame is ready. */
  private switchTo(index: number, localMs: number, play: boolean): void {
    this.heldSince = null;
    this.pending = { index, localMs, play, seekIssued: false };
    this.update({
      segment: index,
      playing: play,
      currentMs: this.startOf(index) + localMs,
      camera: this.cameraStatusFor(index),
    });
    this.screen.load(this.screen.standby, index, 'auto');
    this.advancePending();
    this.syncCamera();
  }

  /** Moves a pending switch on: seek the standby element where asked, then swap when it has a frame. */
  private advancePending(): void {
    const pending = this.pending;
    const element = this.screen.element(this.screen.standby);
    if (!pending || !element || element.readyState < HAVE_METADATA) return;
    const wanted = pending.localMs / 1000;
    if (!pending.seekIssued && Math.abs(element.currentTime - wanted) > 0.01) {
      pending.seekIssued = true;
      element.currentTime = wanted;
      return;
    }
    if (element.seeking || element.readyState < HAVE_CURRENT_DATA) return;
    const previous = this.screen.element();
    this.pending = null;
    this.screen.swap();
    previous?.pause();
    element.defaultPlaybackRate = this.snapshot.rate;
    element.playbackRate = this.snapshot.rate;
    element.muted = this.snapshot.muted;
    if (pending.play) start(element);
    this.update({
      screenSlot: this.screen.active,
      currentMs: this.startOf(pending.index) + element.currentTime * 1000,
      playing: pending.play,
      durationMs: this.durationMs(),
    });
    this.syncCamera();
  }

  // ---------- Camera ----------

  private cameraStatusFor(index: number): CameraStatus {
    if (!this.segments[index]?.cameraUrl) return 'none';
    if (!this.cameraEnabled) return 'off';
    return this.snapshot?.camera === 'ended' && index === this.snapshot.segment ? 'ended' : 'live';
  }

  /** Runs the camera sync every frame while the screen plays. */
  private loop(): void {
    if (this.frame || typeof requestAnimationFrame !== 'function') return;
    const tick = () => {
      this.frame = 0;
      this.checkRange();
      this.syncCamera();
      if (this.isPlaying()) this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  /** Puts the camera where the screen is (see lib/player/camera-sync.ts for how). */
  private syncCamera(): void {
    const index = this.pending ? this.pending.index : this.snapshot.segment;
    const wanted = this.cameraEnabled ? this.camera.url(index) : null;
    if (!wanted) {
      for (const slot of [0, 1] as const) {
        const element = this.camera.element(slot);
        if (element && !element.paused) element.pause();
      }
      this.endHold(false);
      return;
    }
    // The camera follows the screen's segment: the preloaded standby takes over, or the visible one loads it.
    if (this.camera.holds(this.camera.active) !== index) {
      const standby = this.camera.element(this.camera.standby);
      if (this.camera.holds(this.camera.standby) === index && standby && standby.readyState >= HAVE_METADATA) {
        this.camera.element()?.pause();
        this.camera.swap();
        this.update({ cameraSlot: this.camera.active });
      } else {
        this.camera.load(this.camera.active, index);
      }
    }
    const camera = this.camera.element();
    const screen = this.screen.element();
    if (!camera || !screen || camera.readyState < HAVE_METADATA) {
      this.endHold(false);
      return;
    }
    const screenS = cameraTarget(
      this.pending ? this.pending.localMs / 1000 : screen.currentTime,
      this.segments[index]?.cameraOffsetMs ?? 0,
    );
    const held = this.heldSince !== null;
    // A screen that waits for data is not moving: the camera waits with it. So does a held one.
    const playing = !held && !this.pending && !screen.paused && !screen.ended && screen.readyState >= HAVE_FUTURE_DATA;
    const now = performance.now();
    const correction = cameraCorrection({
      screenS,
      cameraS: camera.currentTime,
      cameraDurationS: camera.duration,
      playing,
      rate: this.snapshot.rate,
      cameraSeeking: camera.seeking,
      seekLatencyS: this.cameraSeekLatency,
      mayHold: now >= this.holdBlockedUntil,
    });
    this.update({ camera: correction.pastEnd ? 'ended' : 'live' });
    if (correction.holdScreen && playing) {
      this.heldSince = now;
      screen.pause();
    }
    if (correction.seekTo !== null) {
      // Timed only while playing: that is when the screen runs on during the seek.
      this.cameraSeekAt = playing && !correction.holdScreen ? now : null;
      camera.currentTime = correction.seekTo;
    }
    if (Math.abs(camera.playbackRate - correction.rate) > 0.001) camera.playbackRate = correction.rate;
    if (correction.play && camera.paused) start(camera);
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
    const screen = this.screen.element();
    if (screen) start(screen);
    if (resync) this.syncCamera();
  }
}
