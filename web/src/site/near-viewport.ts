/**
 * Below-the-fold extras wait until they come within 800 px of the viewport, or until the visitor
 * first interacts with the page (scroll, wheel, touch, pointer, key), whichever is first, so the
 * first paint on a slow phone only pays for what it shows. Today that is the demo video's poster:
 * the markup carries it in `data-poster`, and it becomes the `poster` here.
 */

const INTERACTIONS = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'pointermove', 'keydown'] as const;
const MARGIN = '800px';

/** Calls `reveal` once, when `element` nears the viewport or the visitor first interacts. */
export function whenNearViewport(element: Element, reveal: () => void): void {
  let done = false;
  let observer: IntersectionObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    for (const type of INTERACTIONS) window.removeEventListener(type, once);
    reveal();
  };
  // Without IntersectionObserver (old browsers, jsdom) there is nothing to wait for.
  if (typeof IntersectionObserver === 'undefined') return once();
  observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) once();
    },
    { rootMargin: MARGIN },
  );
  observer.observe(element);
  for (const type of INTERACTIONS) window.addEventListener(type, once, { once: true, passive: true });
}

export function revealPosters(root: ParentNode): void {
  for (const video of root.querySelectorAll<HTMLVideoElement>('video[data-poster]')) {
    whenNearViewport(video, () => {
      video.poster = video.dataset.poster ?? '';
    });
  }
}
