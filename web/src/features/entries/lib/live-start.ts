/**
 * Where a live feed starts (ADR 0016), apart from the MSE machine in live-feed.ts: the segment's
 * header read from its first chunks, and the order in which chunks are tried for the fragment to
 * start from.
 */
import { concat, headerEnd, type LiveFormat } from '@/lib/player/live-media';

/** The segment's header: its first chunks (while `has` them), cut at the first fragment; null before it is whole. */
export async function readHeader(
  has: (index: number) => boolean,
  get: (index: number) => Promise<Uint8Array>,
  format: LiveFormat,
): Promise<Uint8Array | null> {
  const header: Uint8Array[] = [];
  let end: number | null = null;
  for (let i = 0; end === null && has(i); i += 1) {
    header.push(await get(i));
    end = headerEnd(concat(header), format);
  }
  return end === null ? null : concat(header).subarray(0, end);
}

/**
 * The chunks to try, in order, for a fragment start near chunk `around`: back from it to the first
 * chunk (its last fragment start is the nearest before the target); when scrubbed back (not at the
 * `edge`), then forward to the `newest`, since near the recording's start the first fragment may
 * begin in a later chunk than the header's.
 */
export function startOrder(around: number, newest: number, edge: boolean): number[] {
  const backward = Array.from({ length: around + 1 }, (_, k) => around - k);
  const forward = edge ? [] : Array.from({ length: Math.max(0, newest - around) }, (_, k) => around + 1 + k);
  return [...backward, ...forward];
}
