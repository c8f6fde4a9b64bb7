/**
 * What the player's parts share (player-engine.ts and its controllers): the recording's segments
 * and where each starts on the timeline, the two decks of <video> elements (screen and camera),
 * and the snapshot React reads. Every part changes the snapshot through `update`, which tells
 * React's listeners only when something actually changed.
 *
 * Positions are timeline milliseconds: a segment's start (the sum of the segments before it) plus
 * the element's time. A single file trusts the element's own length; several use the API's.
 */
import { effectiveDurationMs } from '@/lib/player/chapters';
import { segmentOffsets } from '@/lib/player/timeline';
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

export type Track = 'screen' | 'camera';

export type PlaybackErrorHandler = (failure: { track: Track; segment: number }) => void;

export class PlayerState {
  private segmentList: readonly EngineSegment[];
  private apiDurationMs: number | null;
  private starts: number[] = [];
  private total = 0;
  readonly screen: VideoDeck;
  readonly camera: VideoDeck;
  private current: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(segments: readonly EngineSegment[], apiDurationMs: number | null) {
    this.segmentList = segments;
    this.apiDurationMs = apiDurationMs;
    this.screen = new VideoDeck(segments.map((s) => s.url));
    this.camera = new VideoDeck(segments.map((s) => s.cameraUrl));
    this.measure();
    this.current = {
      currentMs: 0,
      durationMs: this.durationMs(),
      playing: false,
      rate: 1,
      muted: false,
      segment: 0,
      screenSlot: 0,
      cameraSlot: 0,
      hasCamera: this.hasCamera(),
      // The camera starts shown, and nothing has ended yet.
      camera: segments[0]?.cameraUrl ? 'live' : 'none',
      range: null,
    };
  }

  get segments(): readonly EngineSegment[] {
    return this.segmentList;
  }

  get snapshot(): PlayerSnapshot {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  update(patch: Partial<PlayerSnapshot>): void {
    const next = { ...this.current, ...patch };
    const changed = (Object.keys(patch) as (keyof PlayerSnapshot)[]).some((key) => next[key] !== this.current[key]);
    if (!changed) return;
    this.current = next;
    this.listeners.forEach((listener) => listener());
  }

  /** New answers for the same recording; the decks' URLs are the caller's to refresh. */
  setSegments(segments: readonly EngineSegment[], apiDurationMs: number | null): void {
    this.segmentList = segments;
    this.apiDurationMs = apiDurationMs;
    this.measure();
  }

  hasCamera(): boolean {
    return this.segmentList.some((s) => Boolean(s.cameraUrl));
  }

  private measure(): void {
    const { starts, total } = segmentOffsets(this.segmentList);
    this.starts = starts;
    this.total = total;
  }

  startOf(index: number): number {
    return this.starts[index] ?? 0;
  }

  /** One file: the element's length when it knows it. Several: the sum of the API's lengths. */
  durationMs(): number {
    if (this.segmentList.length > 1) return this.total;
    return effectiveDurationMs(this.screen.element()?.duration ?? Number.NaN, this.apiDurationMs);
  }

  /** The length of segment `index` as far as known: its element's if loaded, else the API's. */
  segmentLengthMs(index: number): number {
    const element = this.screen.element();
    if (
      this.screen.holds(this.screen.active) === index &&
      element &&
      Number.isFinite(element.duration) &&
      element.duration > 0
    ) {
      return element.duration * 1000;
    }
    return this.segmentList[index]?.durationMs ?? 0;
  }

  /** Where each segment starts on the timeline (what `locate` needs). */
  get segmentStarts(): readonly number[] {
    return this.starts;
  }
}
