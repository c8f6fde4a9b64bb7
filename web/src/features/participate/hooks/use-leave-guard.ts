/**
 * Holds a click on a link to another page of the site (the header's logo) while leaving would lose
 * the analysis, so the flow can ask first, as 'Salir del análisis' does. The participation page has
 * no router to block a navigation with (ADR 0011), so the click itself is held. Links that open
 * elsewhere (a new tab, another site, the tested web) are not leaving this page; closing or
 * reloading the tab is the browser's own prompt (beforeunload), and not leaving either (ADR 0005).
 */
import { useEffect, useState } from 'react';

/** The page of this site a plain click on `event` opens in this tab instead of `here`, if any. */
export function leavingTo(event: MouseEvent, here: Location): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, here.href);
  return url.origin === here.origin && url.pathname !== here.pathname ? url : null;
}

export interface LeaveGuard {
  /** Where a held click was going; the flow asks while it is set. */
  pending: string | null;
  /** Goes where the held click was going. */
  proceed: () => void;
  /** Stays on the page. */
  cancel: () => void;
}

/** `shouldAsk` is read at each click, so it sees the state of that moment. */
export function useLeaveGuard(shouldAsk: () => boolean): LeaveGuard {
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    const hold = (event: MouseEvent) => {
      const url = leavingTo(event, window.location);
      if (!url || !shouldAsk()) return;
      event.preventDefault();
      setPending(url.href);
    };
    document.addEventListener('click', hold);
    return () => document.removeEventListener('click', hold);
  }, [shouldAsk]);
  return {
    pending,
    proceed: () => {
      if (!pending) return;
      // The question is answered: while the next page loads, this one shows where the exit left it.
      setPending(null);
      window.location.assign(pending);
    },
    cancel: () => setPending(null),
  };
}
