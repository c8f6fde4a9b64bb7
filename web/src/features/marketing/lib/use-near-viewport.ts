/**
 * True once an element comes within `margin` of the viewport, or once the visitor first interacts
 * with the page (scroll, wheel, touch, pointer, key), whichever is first. Below-the-fold extras (the
 * demo poster, the waitlist form's code) wait for it, so the first paint on a slow phone only pays
 * for what it shows, and nothing re-lays out the page while it is still settling.
 */
import { useEffect, useState, type RefObject } from 'react';

const INTERACTIONS = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'pointermove', 'keydown'] as const;

export function useNearViewport(ref: RefObject<Element | null>, margin = '800px'): boolean {
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near) return;
    const element = ref.current;
    // Without IntersectionObserver (old browsers, jsdom) there is nothing to wait for.
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const reveal = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reveal();
    }, { rootMargin: margin });
    observer.observe(element);
    for (const type of INTERACTIONS) window.addEventListener(type, reveal, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, reveal);
    };
  }, [ref, near, margin]);

  return near;
}
