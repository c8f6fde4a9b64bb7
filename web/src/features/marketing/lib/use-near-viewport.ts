/**
 * True once an element comes within `margin` of the viewport, or once the page has been idle for a
 * while (`idleMs`), whichever is first. Below-the-fold extras (the demo poster, the waitlist form's
 * code) wait for it, so the first paint on a slow phone only pays for what it shows.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useNearViewport(ref: RefObject<Element | null>, { margin = '600px', idleMs = 2500 } = {}): boolean {
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near) return;
    const element = ref.current;
    // Without IntersectionObserver (old browsers, jsdom) there is nothing to wait for.
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    const timer = window.setTimeout(() => setNear(true), idleMs);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [ref, near, margin, idleMs]);

  return near;
}
