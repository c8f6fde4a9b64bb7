/** A clip moves one place with the buttons or Alt+arrows, or to where it is dropped. */
import { describe, expect, it } from 'vitest';
import { moveBy, moveTo } from '@/features/insights/lib/reel-order';

describe('reel order', () => {
  it('moves one place up or down, and not past either end', () => {
    expect(moveBy(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveBy(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });

  it('drops a clip at another place', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b'], 'a', 9)).toEqual(['b', 'a']);
  });
});
