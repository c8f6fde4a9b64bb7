/** `?t=<seconds>` on the entry page (ADR 0017): read when valid, ignored otherwise, clamped to the length. */
import { describe, expect, it } from 'vitest';
import { clampStart, startAtMs } from '@/features/entries/lib/start-at';

describe('start at', () => {
  it('reads whole and decimal seconds', () => {
    expect(startAtMs('42')).toBe(42_000);
    expect(startAtMs('0')).toBe(0);
    expect(startAtMs('7.5')).toBe(7_500);
  });

  it('ignores a missing or bad value', () => {
    for (const bad of [null, '', 'abc', '-3', '1e3', '12s', 'Infinity', '.5', ' ']) expect(startAtMs(bad)).toBeNull();
  });

  it('clamps to the recording', () => {
    expect(clampStart(90_000, 60_000)).toBe(60_000);
    expect(clampStart(30_000, 60_000)).toBe(30_000);
  });
});
