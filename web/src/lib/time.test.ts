/** mm:ss formatting of positions and lengths, and reading typed moments back. */
import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, parseClock } from '@/lib/time';

describe('formatClock', () => {
  it('writes positions as mm:ss, cutting (not rounding) the seconds', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(12_000)).toBe('00:12');
    expect(formatClock(12_999)).toBe('00:12');
    expect(formatClock(65_400)).toBe('01:05');
    expect(formatClock(59 * 60_000 + 59_999)).toBe('59:59');
  });

  it('adds hours past an hour', () => {
    expect(formatClock(3_600_000)).toBe('1:00:00');
    expect(formatClock(3_600_000 + 61_000)).toBe('1:01:01');
  });

  it('treats negative, NaN and Infinity as 00:00', () => {
    expect(formatClock(-5)).toBe('00:00');
    expect(formatClock(Number.NaN)).toBe('00:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('00:00');
  });
});

describe('formatDuration', () => {
  it('rounds lengths to the nearest second', () => {
    expect(formatDuration(6_600)).toBe('00:07');
    expect(formatDuration(6_400)).toBe('00:06');
    expect(formatDuration(18_000)).toBe('00:18');
    expect(formatDuration(0)).toBe('00:00');
  });
});

describe('parseClock', () => {
  it('reads mm:ss, m:ss and h:mm:ss', () => {
    expect(parseClock('00:12')).toBe(12_000);
    expect(parseClock('1:05')).toBe(65_000);
    expect(parseClock(' 1:00:01 ')).toBe(3_601_000);
  });

  it('reads plain seconds, with a dot or a comma', () => {
    expect(parseClock('75')).toBe(75_000);
    expect(parseClock('7,5')).toBe(7_500);
    expect(parseClock('7.5')).toBe(7_500);
  });

  it('refuses what is not a moment', () => {
    for (const text of ['', 'abc', '-3', '1:60', '1:75:00', '12:', ':12', '1:2:3:4']) {
      expect(parseClock(text), text).toBeNull();
    }
  });

  it('round-trips what formatClock writes', () => {
    for (const ms of [0, 5_000, 72_000, 3_725_000]) expect(parseClock(formatClock(ms))).toBe(ms);
  });
});
