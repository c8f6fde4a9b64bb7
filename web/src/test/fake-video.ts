/**
 * A stand-in <video> for unit tests of the player's own logic (lib/player): jsdom's media elements
 * never load, play or seek, so this one holds the state the player reads (time, paused, ended,
 * readyState, seeking) as plain fields the test sets, and fires the events the test names. Only
 * what the player uses is here; `src` and `getAttribute('src')` are what VideoDeck reads.
 */
import { PlayerEngine, type EngineSegment } from '@/lib/player/player-engine';

export class FakeVideo extends EventTarget {
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  seeking = false;
  readyState = 0;
  preload = '';
  muted = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  plays = 0;
  private source: string | null = null;

  get src(): string {
    return this.source ?? '';
  }

  /** A new source starts over: nothing loaded, at 0, paused (as the browser's load algorithm). */
  set src(url: string) {
    this.source = url;
    this.currentTime = 0;
    this.readyState = 0;
    this.paused = true;
    this.ended = false;
  }

  getAttribute(name: string): string | null {
    return name === 'src' ? this.source : null;
  }

  play(): Promise<void> {
    this.plays += 1;
    const wasPaused = this.paused;
    this.paused = false;
    this.ended = false;
    if (wasPaused) this.emit('play');
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }

  emit(type: string): void {
    this.dispatchEvent(new Event(type));
  }

  /** The file is loaded enough to play (`durationS` long), as after `canplay`. */
  loaded(durationS: number): this {
    this.duration = durationS;
    this.readyState = 4;
    return this;
  }

  get asElement(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement;
  }
}

/** A player engine with fake elements in its four slots, as React would attach them. */
export function mountPlayer(segments: readonly EngineSegment[], apiDurationMs: number | null = null) {
  const engine = new PlayerEngine(segments, apiDurationMs);
  const screens = [new FakeVideo(), new FakeVideo()] as const;
  const cameras = [new FakeVideo(), new FakeVideo()] as const;
  screens.forEach((video, slot) => engine.screenRefs[slot]?.(video.asElement));
  cameras.forEach((video, slot) => engine.cameraRefs[slot]?.(video.asElement));
  return { engine, screens, cameras };
}
