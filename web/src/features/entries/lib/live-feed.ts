/**
 * Feeds one <video> with a participation's screen track as it is recorded (ADR 0016), through
 * Media Source Extensions: the segment's header (its first chunks, up to the first fragment), then
 * from the newest fragment start on, each chunk as the participation object announces it. The
 * player starts at the live edge; what was appended since the viewer opened stays buffered, so
 * the researcher can scrub back over it. A new segment (the participant reloaded) gets a new
 * MediaSource, since its file has a header of its own. Chunks composed into a part after the first
 * are gone from R2, which is why the start is the newest fragment, not the segment's beginning.
 */
import { concat, formatOf, fragmentStarts, headerEnd, sourceBufferType, type LiveFormat } from '@/lib/player/live-media';
import type { LiveChunkDto } from '@/lib/api-types/LiveChunkDto';
import type { LiveSegmentDto } from '@/lib/api-types/LiveSegmentDto';

/** How far behind the newest buffered frame the player sits (a little room against stalls). */
const EDGE_SLACK_S = 0.3;
/** A player following the live edge that falls further behind than this (a stall) jumps back to it. */
const CHASE_S = 2;

const fetchBytes = async (url: string) => {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`chunk ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
};

export class LiveFeed {
  private segment: LiveSegmentDto | null = null;
  private format: LiveFormat = 'mp4';
  private buffer: SourceBuffer | null = null;
  private queue: Uint8Array[] = [];
  private known = new Map<number, string>();
  /** The next chunk index to append; null until the start was chosen. */
  private next: number | null = null;
  private generation = 0;
  private started = false;
  /** A chunk is being fetched (one at a time, in order). */
  private fetching = false;
  /** A chunk was missed: the next append starts at a fragment boundary. */
  private resync = false;
  /** The first media is on its way: once buffered, jump to the live edge. */
  private edgePending = false;
  /** Chunks fetched and appended since the viewer opened (the bench counts them). */
  readonly stats = { requests: 0, bytes: 0 };

  /** Whether the player follows the live edge (false once the researcher scrubs back). */
  private following = true;
  /** The next `seeking` is ours, not the researcher's. */
  private ownSeek = false;

  constructor(private readonly video: HTMLVideoElement) {
    video.addEventListener('seeking', () => {
      if (this.ownSeek) this.ownSeek = false;
      else this.following = this.behindS() < CHASE_S;
    });
    // A gap in what was appended (a missed chunk) would stall the player: skip to what follows.
    video.addEventListener('waiting', () => this.skipGap());
  }

  /** The segment being played (its offset puts the video's time on the participation's timeline). */
  current(): LiveSegmentDto | null {
    return this.segment;
  }

  /** Plays `segment` from the newest of `chunks` (the snapshot's, or none for a new segment). */
  open(segment: LiveSegmentDto): void {
    this.generation += 1;
    this.segment = segment;
    this.format = formatOf(segment.mime);
    this.buffer = null;
    this.queue = [];
    this.next = null;
    this.started = false;
    this.resync = false;
    this.edgePending = true;
    this.following = true;
    this.known = new Map(segment.chunks.map((c) => [c.index, c.url]));
    if (segment.chunks.length) void this.start(this.generation);
  }

  /** A chunk the object announced. */
  add(chunk: LiveChunkDto): void {
    if (!this.segment || chunk.seq !== this.segment.seq || chunk.track !== this.segment.track) return;
    this.known.set(chunk.index, chunk.url);
    if (this.next === null) {
      if (!this.started) void this.start(this.generation);
      return;
    }
    void this.pump(this.generation);
  }

  /** Back to the newest frame ('Ir al directo'), following it from now on. */
  goLive(): void {
    const { buffered } = this.video;
    this.following = true;
    if (buffered.length) this.seek(Math.max(buffered.start(buffered.length - 1), buffered.end(buffered.length - 1) - EDGE_SLACK_S));
    void this.video.play().catch(() => undefined);
  }

  private seek(seconds: number): void {
    this.ownSeek = true;
    this.video.currentTime = seconds;
  }

  private skipGap(): void {
    const { buffered, currentTime } = this.video;
    for (let i = 0; i < buffered.length; i += 1) {
      if (buffered.start(i) > currentTime) {
        this.seek(buffered.start(i));
        return;
      }
    }
  }

  /** After new media: a player that follows the edge and fell behind (a stall) catches up. */
  private chase(): void {
    if (this.following && !this.video.paused && this.behindS() > CHASE_S) this.goLive();
  }

  /** Seconds between the playhead and the newest buffered frame. */
  behindS(): number {
    const { buffered } = this.video;
    return buffered.length ? Math.max(0, buffered.end(buffered.length - 1) - this.video.currentTime) : 0;
  }

  private async get(index: number): Promise<Uint8Array> {
    const url = this.known.get(index);
    if (!url) throw new Error(`chunk ${index} unknown`);
    const bytes = await fetchBytes(url);
    this.stats.requests += 1;
    this.stats.bytes += bytes.length;
    return bytes;
  }

  /** The header, then the newest chunk that holds a fragment start, from that start. */
  private async start(generation: number): Promise<void> {
    this.started = true;
    try {
      const header: Uint8Array[] = [];
      let end: number | null = null;
      for (let i = 0; end === null && this.known.has(i); i += 1) {
        header.push(await this.get(i));
        end = headerEnd(concat(header), this.format);
      }
      if (end === null || generation !== this.generation) {
        this.started = false;
        return;
      }
      const init = concat(header).subarray(0, end);
      const newest = Math.max(...this.known.keys());
      let from = newest;
      let first: Uint8Array | null = null;
      for (; from >= 0 && this.known.has(from); from -= 1) {
        const bytes = await this.get(from);
        const starts = fragmentStarts(bytes, this.format);
        if (starts.length) {
          first = bytes.subarray(starts[starts.length - 1] ?? 0);
          break;
        }
      }
      if (first === null || generation !== this.generation) {
        this.started = false;
        return;
      }
      await this.attach(init, generation);
      this.queue.push(init, first);
      this.next = from + 1;
      void this.pump(generation);
    } catch {
      this.started = false;
    }
  }

  private attach(init: Uint8Array, generation: number): Promise<void> {
    const source = new MediaSource();
    this.video.src = URL.createObjectURL(source);
    return new Promise((resolve) => {
      source.addEventListener(
        'sourceopen',
        () => {
          if (generation !== this.generation) return;
          this.buffer = source.addSourceBuffer(sourceBufferType(init, this.format));
          this.buffer.mode = 'segments';
          this.buffer.addEventListener('updateend', () => {
            if (this.edgePending && this.video.buffered.length) {
              this.edgePending = false;
              this.goLive();
            } else this.chase();
            void this.pump(generation);
          });
          resolve();
        },
        { once: true },
      );
    });
  }

  private async pump(generation: number): Promise<void> {
    if (generation !== this.generation || !this.buffer) return;
    while (this.next !== null && this.known.has(this.next) && !this.fetching) {
      this.fetching = true;
      const index = this.next;
      try {
        this.queue.push(await this.get(index));
      } catch {
        // Gone (composed away) or failed: go on with the next one from its next fragment.
        this.resync = true;
      }
      this.fetching = false;
      if (generation !== this.generation) return;
      this.next = index + 1;
    }
    this.appendQueued();
  }

  private appendQueued(): void {
    const buffer = this.buffer;
    if (!buffer || buffer.updating || !this.queue.length) return;
    let bytes = this.queue.shift() ?? new Uint8Array();
    if (this.resync) {
      const at = fragmentStarts(bytes, this.format)[0];
      if (at === undefined) {
        this.appendQueued();
        return;
      }
      buffer.abort();
      bytes = bytes.subarray(at);
      this.resync = false;
    }
    try {
      buffer.appendBuffer(bytes as BufferSource);
    } catch {
      this.resync = true;
    }
  }
}
