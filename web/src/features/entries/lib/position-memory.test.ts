/** Remembered positions: what is worth resuming, per recording, bounded, and safe without storage. */
import { describe, expect, it } from 'vitest';
import {
  MAX_REMEMBERED,
  STORAGE_KEY,
  recallPosition,
  rememberPosition,
  worthResuming,
} from '@/features/entries/lib/position-memory';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('position memory', () => {
  it('resumes a recording where it was left, and only that recording', () => {
    const store = memoryStore();
    rememberPosition('e1', 754_321, 3_600_000, store, 1);
    expect(recallPosition('e1', 3_600_000, store)).toBe(754_321);
    expect(recallPosition('e2', 3_600_000, store)).toBeNull();
  });

  it('does not resume near the start or the end, and forgets a recording watched to the end', () => {
    expect(worthResuming(4_000, 60_000)).toBe(false);
    expect(worthResuming(30_000, 60_000)).toBe(true);
    expect(worthResuming(56_000, 60_000)).toBe(false);
    expect(worthResuming(56_000, 0)).toBe(true); // length unknown
    const store = memoryStore();
    rememberPosition('e1', 30_000, 60_000, store, 1);
    rememberPosition('e1', 59_900, 60_000, store, 2);
    expect(recallPosition('e1', 60_000, store)).toBeNull();
  });

  it('keeps only the most recent recordings', () => {
    const store = memoryStore();
    for (let i = 0; i < MAX_REMEMBERED + 5; i++) rememberPosition(`e${i}`, 10_000, 60_000, store, i);
    const map = JSON.parse(store.data.get(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(map)).toHaveLength(MAX_REMEMBERED);
    expect(recallPosition('e0', 60_000, store)).toBeNull();
    expect(recallPosition(`e${MAX_REMEMBERED + 4}`, 60_000, store)).toBe(10_000);
  });

  it('survives missing, broken or full storage', () => {
    expect(recallPosition('e1', 60_000, null)).toBeNull();
    expect(() => rememberPosition('e1', 10_000, 60_000, null)).not.toThrow();
    const broken = memoryStore();
    broken.data.set(STORAGE_KEY, '{not json');
    expect(recallPosition('e1', 60_000, broken)).toBeNull();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => rememberPosition('e1', 10_000, 60_000, full)).not.toThrow();
  });
});
