/**
 * Opening a provider page (checkout, customer portal) in a new tab when its URL only arrives after
 * an API call. Browsers block window.open outside the click that caused it (Safari strictly,
 * Chrome after a few seconds), so the tab is opened empty during the click and sent to the URL
 * once it is known. The opener link is cut at once, like `noopener` (which window.open cannot be
 * given here: with it, window.open returns no handle to navigate later).
 */

export interface PendingTab {
  /** Sends the tab to `url`; when no tab could be opened (popup blocked), this tab goes instead. */
  go(url: string): void;
  /** Closes the empty tab (the call failed, there is nothing to show in it). */
  close(): void;
}

/** Only web pages may be opened: an API answer must never run `javascript:` in our origin. */
export function safeHttpUrl(url: string): string {
  const parsed = new URL(url, window.location.href);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`Refusing to open ${parsed.protocol} URL`);
  return parsed.href;
}

/** Call synchronously inside the click handler; `waitingText` is shown in the tab meanwhile. */
export function openPendingTab(waitingText: string): PendingTab {
  let tab: Window | null = null;
  try {
    tab = window.open('', '_blank');
  } catch {
    tab = null;
  }
  if (tab) {
    try {
      tab.opener = null;
      tab.document.title = waitingText;
      tab.document.body.textContent = waitingText;
    } catch {
      // Cosmetic only: the tab still gets navigated.
    }
  }
  return {
    go(url) {
      const target = safeHttpUrl(url);
      if (!tab) {
        window.location.assign(target);
        return;
      }
      // The user closed the waiting tab: they changed their mind, leave this tab where it is.
      if (tab.closed) return;
      tab.location.replace(target);
    },
    close() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
