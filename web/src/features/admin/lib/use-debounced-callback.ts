/**
 * `callback`, called only once calls have stopped for `delayMs` (search-as-you-type without a request
 * per key). `flush` runs the pending call now (Enter in the search box); unmounting drops it.
 */
import { useCallback, useEffect, useRef } from 'react';

export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number) {
  const latest = useRef(callback);
  latest.current = callback;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    [delayMs],
  );
  const flush = useCallback((...args: A) => {
    clearTimeout(timer.current);
    latest.current(...args);
  }, []);
  return { schedule, flush };
}
