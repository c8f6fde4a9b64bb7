/** Where a live feed starts: the header's chunks and the order chunks are tried for a fragment start. */
import { describe, expect, it } from 'vitest';
import { readHeader, startOrder } from '@/features/entries/lib/live-start';

describe('startOrder', () => {
  it('at the live edge goes back from the newest chunk only', () => {
    expect(startOrder(3, 3, true)).toEqual([3, 2, 1, 0]);
  });

  it('scrubbed back goes back from the target, then forward to the newest', () => {
    expect(startOrder(1, 4, false)).toEqual([1, 0, 2, 3, 4]);
    expect(startOrder(0, 0, false)).toEqual([0]);
  });
});

describe('readHeader', () => {
  it('is null while no chunk holds a whole header', async () => {
    const chunks = [new Uint8Array([0, 0, 0, 8])];
    expect(
      await readHeader(
        (i) => i < chunks.length,
        async (i) => chunks[i] ?? new Uint8Array(),
        'mp4',
      ),
    ).toBeNull();
  });
});
