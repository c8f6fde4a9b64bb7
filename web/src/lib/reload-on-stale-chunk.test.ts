/** A failed chunk load reloads the page once, not in a loop. */
import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk } from '@/lib/reload-on-stale-chunk';

describe('reloadOnStaleChunk', () => {
  it('reloads once on the first failed chunk and not again', () => {
    const reload = vi.fn();
    const target = new EventTarget();
    const storage = new Map<string, string>();
    const fake = {
      addEventListener: target.addEventListener.bind(target),
      sessionStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
        removeItem: (k: string) => void storage.delete(k),
      },
      location: { reload },
      setTimeout: () => 0,
    } as unknown as Window;
    reloadOnStaleChunk(fake);
    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
