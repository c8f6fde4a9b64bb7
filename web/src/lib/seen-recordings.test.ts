/** What the dashboard calls new: recordings submitted since the analysis page was last opened. */
import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED, STORAGE_KEY, markSeen, newSinceLastVisit } from '@/lib/seen-recordings';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('recordings new since the last visit', () => {
  it('counts every recording of an analysis never opened, then only those after the visit', () => {
    const store = memoryStore();
    expect(newSinceLastVisit('a', 3, store)).toBe(3);
    markSeen('a', 3, store);
    expect(newSinceLastVisit('a', 3, store)).toBe(0);
    expect(newSinceLastVisit('a', 5, store)).toBe(2);
    expect(newSinceLastVisit('b', 1, store)).toBe(1);
  });

  it('never goes below zero when recordings were deleted since', () => {
    const store = memoryStore();
    markSeen('a', 4, store);
    expect(newSinceLastVisit('a', 2, store)).toBe(0);
  });

  it('keeps the most recent analyses only, and survives broken or missing storage', () => {
    const store = memoryStore();
    for (let i = 0; i <= MAX_REMEMBERED; i += 1) markSeen(`a${i}`, 1, store, 1000 + i);
    const kept = JSON.parse(store.data.get(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(MAX_REMEMBERED);
    expect(kept.a0).toBeUndefined();
    store.data.set(STORAGE_KEY, 'not json');
    expect(newSinceLastVisit('a1', 2, store)).toBe(2);
    expect(newSinceLastVisit('a1', 2, null)).toBe(2);
    markSeen('a1', 2, null);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => markSeen('a1', 2, full)).not.toThrow();
  });
});
