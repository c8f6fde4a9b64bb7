/**
 * Feeds one <video> with a participation's screen track as it is recorded (ADR 0016), through
 * Media Source Extensions: the segment's header (its first chunks, up to the first fragment), then
 * from the newest fragment start on, each chunk as the participation object announces it. The
 * player starts at the live edge. A new segment (the participant reloaded) gets a new
 * MediaSource, since its file has a header of its own.
 *
 * Scrubbing back: every chunk stays readable until Finish, so a seek to a moment that is not
 * buffered starts the same pipeline again from the fragment before it (one stream of appends, so
 * the SourceBuffer's parser never sees two interleaved), fetching ahead only as far as the player
 * needs; the older chunks' URLs, which the snapshot leaves out, are asked for over the socket
 * (`sign`). 'Ir al directo' starts again from the newest fragment unless playback caught up.
 */
import { formatOf, fragmentStarts, sourceBufferType, type LiveFormat } from '@/lib/player/live-media';
import { LiveChunks, type SignRequest } from '@/features/entries/lib/live-chunks';
import { readHeader, startOrder } from '@/features/entries/lib/live-start';
import type { LiveChunkDto } from '@/lib/api-types/LiveChunkDto';
import type { LiveSegmentDto } from '@/lib/api-types/LiveSegmentDto';

/** How far behind the newest buffered frame the player sits (a little room against stalls). */
const EDGE_SLACK_S = 0.3;
/** A player following the live edge that falls further behind than this (a stall) jumps back to it. */
const CHASE_S = 2;

/** Scrubbed back, the feed fetches only this far ahead of the playhead. */
const AHEAD_S = 20;
/** Fetching this many chunks behind the newest, 'Ir al directo' starts again at the edge instead of waiting. */
const LAGGING_CHUNKS = 3;

export class LiveFeed {
  private segment: LiveSegmentDto | null = null;
  private format: LiveFormat = 'mp4';
  private buffer: SourceBuffer | null = null;
  private queue: Uint8Array[] = [];
  private known: LiveChunks = new LiveChunks(0, '', [], () => this.sign);
  /** The segment's header (its init segment), kept to start again when scrubbing back. */
  private init: Uint8Array | null = null;
  /** Where to put the playhead once the first media of a restart is buffered (seconds), or the edge. */
  private target: number | 'edge' = 'edge';
  /** Sends a request for signatures; set by the socket's owner. */
  sign: SignRequest = () => undefined;
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
  /**
   * Where our own last seek went: a `seeking` there is ours, not the researcher's. A time, not a
   * flag, because a seek made before any media is loaded fires no `seeking` at all, and a flag
   * left set would swallow the researcher's next scrub.
   */
  private ownSeekTo: number | null = null;

  constructor(private readonly video: HTMLVideoElement) {
    video.addEventListener('seeking', () => {
      const ours = this.ownSeekTo !== null && Math.abs(video.currentTime - this.ownSeekTo) < 0.05;
      this.ownSeekTo = null;
      if (ours) return;
      this.following = this.behindS() < CHASE_S;
      if (!this.isBuffered(video.currentTime)) this.rewind(video.currentTime);
    });
    // A gap in what was appended (a missed chunk, or a still screen that sent no frames) would
    // stall the player: skip to what follows.
    video.addEventListener('waiting', () => this.skipGap());
    // Scrubbed back, fetching goes on as the playhead nears the end of what is buffered.
    video.addEventListener('timeupdate', () => void this.pump(this.generation));
  }

  /** The segment being played (its offset puts the video's time on the participation's timeline). */
  current(): LiveSegmentDto | null {
    return this.segment;
  }

  /** Plays `segment` from the newest of `chunks` (the snapshot's, or none for a new segment). */
  open(segment: LiveSegmentDto): void {
    this.reset('edge');
    this.segment = segment;
    this.format = formatOf(segment.mime);
    this.started = false;
    this.following = true;
    this.init = null;
    this.known = new LiveChunks(segment.seq, segment.track, segment.chunks, () => this.sign);
    if (segment.chunks.length) void this.start(this.generation);
  }

  /** A chunk the object announced. */
  add(chunk: LiveChunkDto): void {
    if (!this.learn(chunk)) return;
    if (this.next === null) {
      if (!this.started) void this.start(this.generation);
      return;
    }
    void this.pump(this.generation);
  }

  /**
   * Segment `seq` starts at `offsetMs` on the participation's timeline now (an earlier one grew:
   * chunks a reloaded tab left arrived late), so positions and notes follow the recorded player.
   */
  moved(seq: number, offsetMs: number): void {
    if (this.segment?.seq === seq) this.segment = { ...this.segment, offsetMs };
  }

  /** Fresh URLs the object signed on request. */
  signed(chunks: readonly LiveChunkDto[]): void {
    for (const chunk of chunks) this.learn(chunk);
  }

  /** Notes a chunk of the segment being played; false for another segment's. */
  private learn(chunk: LiveChunkDto): boolean {
    return this.segment !== null && this.known.learn(chunk);
  }

  /**
   * Back to the newest frame ('Ir al directo'), following it from now on: a seek when what is
   * buffered reaches it, else (scrubbed far back) the pipeline starts again from the newest fragment.
   */
  goLive(): void {
    this.following = true;
    if (this.lagging()) this.restart('edge');
    else this.toEdge();
  }

  /** Puts the playhead just behind the newest buffered frame and plays. */
  private toEdge(): void {
    const { buffered } = this.video;
    if (buffered.length)
      this.seek(Math.max(buffered.start(buffered.length - 1), buffered.end(buffered.length - 1) - EDGE_SLACK_S));
    void this.video.play().catch(() => undefined);
  }

  /**
   * Whether the feed plays from a moment scrubbed back to and has not fetched up to the newest
   * chunks (a pipeline started at the edge may run a chunk or two behind under load: not lagging).
   */
  private lagging(): boolean {
    return this.target !== 'edge' && this.next !== null && this.known.newest() - this.next > LAGGING_CHUNKS;
  }

  /** Whether `seconds` is in what is buffered (not just at a range's very end). */
  private isBuffered(seconds: number): boolean {
    const { buffered } = this.video;
    for (let i = 0; i < buffered.length; i += 1)
      if (buffered.start(i) <= seconds && seconds < buffered.end(i) - 0.1) return true;
    return false;
  }

  /** The researcher scrubbed to `seconds`, which is not buffered: play from there. */
  private rewind(seconds: number): void {
    if (!this.init || !this.segment) return;
    this.following = false;
    this.restart(seconds);
  }

  /** Starts the pipeline again, from the fragment before `target` or from the newest one. */
  private restart(target: number | 'edge'): void {
    this.reset(target);
    void this.start(this.generation);
  }

  /**
   * A new pipeline, for a new segment or a restart: a new generation (the old one's fetches stop),
   * nothing appended or queued yet, and the playhead to go to `target` once media is buffered.
   */
  private reset(target: number | 'edge'): void {
    this.generation += 1;
    this.buffer = null;
    this.queue = [];
    this.next = null;
    this.resync = false;
    this.fetching = false;
    this.target = target;
    this.edgePending = true;
  }

  private seek(seconds: number): void {
    this.ownSeekTo = seconds;
    this.video.currentTime = seconds;
  }

  /**
   * A playhead stalled in a gap (not in what is buffered) goes to the next buffered range. Run on
   * `waiting` and after every append: the range after the gap often arrives after the player
   * stalled, and a stalled player fires no second `waiting`.
   */
  private skipGap(): void {
    // A picture the researcher paused (to write a note) stays where it is; playing again waits
    // here and skips then. A restart places the playhead itself once its media is buffered.
    if (this.video.paused || this.edgePending) return;
    const { buffered, currentTime } = this.video;
    if (this.isBuffered(currentTime)) return;
    for (let i = 0; i < buffered.length; i += 1) {
      if (buffered.start(i) > currentTime) {
        this.seek(buffered.start(i));
        return;
      }
    }
  }

  /** After new media: a player that follows the edge and fell behind (a stall) catches up. */
  private chase(): void {
    if (this.following && !this.video.paused && this.behindS() > CHASE_S) this.toEdge();
  }

  /** Whether the playhead is at the live edge: following it, nothing left to fetch, and close behind the newest frame. */
  atEdge(withinS: number): boolean {
    return !this.lagging() && this.behindS() < withinS;
  }

  /** Seconds between the playhead and the newest buffered frame. */
  behindS(): number {
    const { buffered } = this.video;
    return buffered.length ? Math.max(0, buffered.end(buffered.length - 1) - this.video.currentTime) : 0;
  }

  private async get(index: number): Promise<Uint8Array> {
    const bytes = await this.known.fetch(index);
    this.stats.requests += 1;
    this.stats.bytes += bytes.length;
    return bytes;
  }

  /** The segment's header: its first chunks, up to the first fragment. */
  private async header(): Promise<Uint8Array | null> {
    this.init ??= await readHeader(
      (i) => this.known.has(i),
      (i) => this.get(i),
      this.format,
    );
    return this.init;
  }

  /**
   * The header, then the chunk to start from (the newest for the live edge, the one before the
   * target when scrubbed back) that holds a fragment start, from its last fragment start.
   */
  private async start(generation: number): Promise<void> {
    this.started = true;
    try {
      const init = await this.header();
      if (init === null || generation !== this.generation) {
        if (generation === this.generation) this.started = false;
        return;
      }
      const target = this.target;
      const around = target === 'edge' ? this.known.newest() : this.known.before(target);
      let from = -1;
      let first: Uint8Array | null = null;
      for (const index of startOrder(around, this.known.newest(), target === 'edge')) {
        if (!this.known.has(index)) break;
        const bytes = await this.get(index);
        const starts = fragmentStarts(bytes, this.format);
        if (starts.length) {
          from = index;
          first = bytes.subarray((index <= around ? starts[starts.length - 1] : starts[0]) ?? 0);
          break;
        }
        if (generation !== this.generation) return;
      }
      if (first === null || generation !== this.generation) {
        if (generation === this.generation) this.started = false;
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
            if (generation !== this.generation) return;
            if (this.edgePending) this.place();
            else {
              this.chase();
              this.skipGap();
            }
            void this.pump(generation);
          });
          resolve();
        },
        { once: true },
      );
    });
  }

  /**
   * Puts a restart's playhead where it belongs once media is buffered: at the edge, or at the
   * moment scrubbed to once what is buffered reaches it. Not before: the media's duration is the
   * end of what is buffered, so an earlier seek would be cut short to that end, and the `seeking`
   * at the wrong time would read as the researcher's own scrub (and start yet another pipeline).
   */
  private place(): void {
    const { buffered } = this.video;
    if (!buffered.length) return;
    if (this.target === 'edge') {
      this.edgePending = false;
      this.toEdge();
      return;
    }
    const end = buffered.end(buffered.length - 1);
    const more = this.fetching || this.queue.length > 0 || (this.next !== null && this.known.has(this.next));
    if (end <= this.target && more) return;
    this.edgePending = false;
    this.seek(Math.min(Math.max(this.target, buffered.start(0)), end));
    void this.video.play().catch(() => undefined);
  }

  /** Scrubbed back, whether enough is buffered ahead of the playhead for now. */
  private aheadEnough(): boolean {
    // Until the playhead is placed, it stands at 0: what is ahead of it says nothing.
    if (this.following || this.edgePending) return false;
    const { buffered, currentTime } = this.video;
    const end = buffered.length ? buffered.end(buffered.length - 1) : 0;
    return end - currentTime > AHEAD_S;
  }

  private async pump(generation: number): Promise<void> {
    if (generation !== this.generation || !this.buffer) return;
    while (this.next !== null && this.known.has(this.next) && !this.fetching && !this.aheadEnough()) {
      this.fetching = true;
      const index = this.next;
      let bytes: Uint8Array | null = null;
      try {
        bytes = await this.get(index);
      } catch {
        // Failed: go on with the next one from its next fragment.
      }
      // A new segment or a restart (scrubbing) began meanwhile: its queue and its fetch are not ours.
      if (generation !== this.generation) return;
      if (bytes) this.queue.push(bytes);
      else this.resync = true;
      this.fetching = false;
      this.next = index + 1;
      // Appended as it comes: how far ahead is buffered (and where a restart places the playhead)
      // depends on it, and a paused player sends no `timeupdate` that would append it later.
      this.appendQueued();
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
