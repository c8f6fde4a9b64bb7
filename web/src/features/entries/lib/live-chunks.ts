/**
 * The chunks of the segment a live feed plays (ADR 0016): where each ends and its signed URL when
 * it has one. A snapshot signs only the header and the newest chunks; the older ones, which a
 * researcher scrubbing back needs, are asked for over the socket (`sign`) in batches, and a URL
 * that expired is asked for again. `LiveFeed` reads bytes through `fetch`.
 */
import type { LiveChunkDto } from '@/lib/api-types/LiveChunkDto';

/** How many chunk URLs one request for signatures asks for (the object gives at most 64). */
const SIGN_BATCH = 32;
/** How long a chunk waits for its URL to be signed before it counts as missing. */
const SIGN_WAIT_MS = 5_000;

/** Asks the participation object to sign chunks `from..=to` of a segment's track. */
export type SignRequest = (seq: number, track: string, from: number, to: number) => void;

class Expired extends Error {}

interface Known {
  url: string | null;
  endMs: number;
}

const download = async (url: string) => {
  const res = await fetch(url, { credentials: 'same-origin' });
  // 403: the signed URL expired (they live 10 minutes); 404: the chunk is gone.
  if (res.status === 403) throw new Expired('expired');
  if (!res.ok) throw new Error(`chunk ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
};

export class LiveChunks {
  private known = new Map<number, Known>();
  /** Callers waiting for chunk URLs, by index. */
  private waiting = new Map<number, Array<() => void>>();
  private asking = new Set<number>();

  constructor(
    private readonly seq: number,
    private readonly track: string,
    chunks: readonly LiveChunkDto[],
    private readonly sign: () => SignRequest,
  ) {
    for (const c of chunks) this.known.set(c.index, { url: c.url, endMs: c.endMs });
  }

  /** Notes a chunk (announced, or freshly signed); false when it is another segment's. */
  learn(chunk: LiveChunkDto): boolean {
    if (chunk.seq !== this.seq || chunk.track !== this.track) return false;
    const had = this.known.get(chunk.index);
    this.known.set(chunk.index, { url: chunk.url ?? had?.url ?? null, endMs: chunk.endMs });
    if (chunk.url) {
      this.asking.delete(chunk.index);
      for (const wake of this.waiting.get(chunk.index) ?? []) wake();
      this.waiting.delete(chunk.index);
    }
    return true;
  }

  has(index: number): boolean {
    return this.known.has(index);
  }

  /** The newest chunk's index (-1 without any). */
  newest(): number {
    return this.known.size ? Math.max(...this.known.keys()) : -1;
  }

  /** The last chunk that ends at or before `seconds` on the segment's clock (0 when none does). */
  before(seconds: number): number {
    let chosen = 0;
    for (const [index, { endMs }] of this.known) if (endMs <= seconds * 1000 && index > chosen) chosen = index;
    return chosen;
  }

  /** A chunk's bytes; an expired URL is signed again once. */
  async fetch(index: number): Promise<Uint8Array> {
    try {
      return await download(await this.urlOf(index));
    } catch (err) {
      if (!(err instanceof Expired)) throw err;
      const known = this.known.get(index);
      if (known) known.url = null;
      return download(await this.urlOf(index));
    }
  }

  /** The chunk's URL, asking the object to sign it (and the next ones) when there is none. */
  private urlOf(index: number): Promise<string> {
    const known = this.known.get(index);
    if (!known) return Promise.reject(new Error(`chunk ${index} unknown`));
    if (known.url) return Promise.resolve(known.url);
    if (!this.asking.has(index)) {
      let to = index;
      while (to - index < SIGN_BATCH - 1 && this.known.has(to + 1) && !this.known.get(to + 1)?.url) to += 1;
      for (let i = index; i <= to; i += 1) this.asking.add(i);
      this.sign()(this.seq, this.track, index, to);
    }
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.asking.delete(index);
        reject(new Error(`chunk ${index} not signed`));
      }, SIGN_WAIT_MS);
      const wake = () => {
        window.clearTimeout(timer);
        const url = this.known.get(index)?.url;
        if (url) resolve(url);
        else reject(new Error(`chunk ${index} not signed`));
      };
      this.waiting.set(index, [...(this.waiting.get(index) ?? []), wake]);
    });
  }
}
