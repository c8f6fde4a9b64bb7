/**
 * Marks the labels inside `container` whose text does not fit their box (`data-clipped`), again
 * whenever the container's size changes, so that a narrow player can show a chapter band without
 * a cut name ('Es…') instead of one (issue 45): the name stays in the mark's tooltip, the chapter
 * list and the time display. `selector` picks the labels; `key` changes when they do.
 */
import { useLayoutEffect, type RefObject } from 'react';

export function useClippedLabels(container: RefObject<HTMLElement | null>, selector: string, key: unknown): void {
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const mark = () => {
      for (const label of element.querySelectorAll<HTMLElement>(selector)) {
        // Transparent text is still laid out: the measure holds whether it is shown or not.
        const clipped = label.scrollWidth > label.clientWidth + 1;
        if (clipped !== label.hasAttribute('data-clipped')) label.toggleAttribute('data-clipped', clipped);
      }
    };
    mark();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, selector, key]);
}
