/** mm:ss formatting of positions and lengths, and reading typed moments back. */
import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, parseClock } from '@/lib/time';

describe('formatClock', () => {
  it.each([
    // mm:ss, cutting (not rounding) the seconds
    [0, '00:00'],
    [12_000, '00:12'],
    [12_999, '00:12'],
    [65_400, '01:05'],
    [59 * 60_000 + 59_999, '59:59'],
    // hours past an hour
    [3_600_000, '1:00:00'],
    [3_600_000 + 61_000, '1:01:01'],
    // negative, NaN and Infinity are 00:00
    [-5, '00:00'],
    [Number.NaN, '00:00'],
    [Number.POSITIVE_INFINITY, '00:00'],
  ])('writes %d ms as %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [6_600, '00:07'],
    [6_400, '00:06'],
    [18_000, '00:18'],
    [0, '00:00'],
  ])('rounds %d ms to the nearest second: %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('parseClock', () => {
  it.each([
    // mm:ss, m:ss and h:mm:ss
    ['00:12', 12_000],
    ['1:05', 65_000],
    [' 1:00:01 ', 3_601_000],
    // plain seconds, with a dot or a comma
    ['75', 75_000],
    ['7,5', 7_500],
    ['7.5', 7_500],
  ])('reads %j as %d ms', (text, ms) => {
    expect(parseClock(text)).toBe(ms);
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
