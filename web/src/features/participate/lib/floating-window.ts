/**
 * The floating task window's browser side (ADR 0010): a Document Picture-in-Picture window where
 * the browser has one (Chromium), otherwise a small popup, prepared to show our React content:
 * the page's stylesheets and <html> attributes (language, theme) copied over. Our CSP allows
 * stylesheets from our own origin only ('self', no inline styles), so linked sheets are linked
 * again, and <style> elements (the dev server's) become constructed stylesheets, which CSP allows.
 */

export type FloatingKind = 'pip' | 'popup';

export interface FloatingWindow {
  window: Window;
  /** The element to render into (a portal target in the other document). */
  container: HTMLElement;
  kind: FloatingKind;
}

/** Small enough to sit beside the tested site, big enough for a task and three buttons. */
export const FLOATING_SIZE = { width: 380, height: 540 } as const;

/** The popup's window name: opening again reuses it instead of stacking windows. */
const POPUP_NAME = 'lupa-tareas';

interface DocumentPictureInPicture {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
  window: Window | null;
}

const documentPip = (): DocumentPictureInPicture | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as { documentPictureInPicture?: DocumentPictureInPicture }).documentPictureInPicture;

/**
 * Opens the floating window; must run in a click handler (both kinds need the user's gesture).
 * Resolves null when neither could open (the popup was blocked).
 */
export async function openFloatingWindow(title: string): Promise<FloatingWindow | null> {
  let opened: Window | null = null;
  let kind: FloatingKind = 'pip';
  const pip = documentPip();
  if (pip && typeof pip.requestWindow === 'function') {
    try {
      opened = pip.window ?? (await pip.requestWindow({ ...FLOATING_SIZE }));
    } catch {
      // Refused (e.g. no user activation left, or opened from inside a PiP): try a popup.
      opened = null;
    }
  }
  if (!opened) {
    kind = 'popup';
    opened = window.open('', POPUP_NAME, `popup,width=${FLOATING_SIZE.width},height=${FLOATING_SIZE.height}`);
  }
  if (!opened) return null;
  return { window: opened, container: prepareDocument(opened.document, title), kind };
}

/** Copies title, <html> attributes and stylesheets; returns an empty container in the body. */
function prepareDocument(target: Document, title: string): HTMLElement {
  target.title = title;
  for (const attribute of Array.from(document.documentElement.attributes)) {
    target.documentElement.setAttribute(attribute.name, attribute.value);
  }
  target.head.querySelectorAll('link[data-lupa-floating]').forEach((node) => node.remove());
  const constructed: CSSStyleSheet[] = [];
  const Constructor = (target.defaultView as (Window & typeof globalThis) | null)?.CSSStyleSheet;
  for (const sheet of Array.from(document.styleSheets)) {
    const owner = sheet.ownerNode;
    if (owner instanceof HTMLLinkElement && owner.href) {
      const link = target.createElement('link');
      link.rel = 'stylesheet';
      link.href = owner.href;
      if (owner.media) link.media = owner.media;
      link.dataset.lupaFloating = '';
      target.head.append(link);
      continue;
    }
    if (!Constructor) continue;
    try {
      const copy = new Constructor();
      copy.replaceSync(Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n'));
      constructed.push(copy);
    } catch {
      // A cross-origin sheet cannot be read; ours never are.
    }
  }
  target.adoptedStyleSheets = constructed;
  target.body.replaceChildren();
  target.body.classList.add('floating-body');
  const container = target.createElement('div');
  container.className = 'floating-root';
  target.body.append(container);
  return container;
}

/**
 * Calls `onClosed` once when the participant closes the window (PiP and popup both fire
 * 'pagehide'; a popup's closed flag is polled too, as some browsers skip the event).
 */
export function watchClosed(floating: FloatingWindow, onClosed: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    stop();
    onClosed();
  };
  const poll = setInterval(() => {
    if (floating.window.closed) fire();
  }, 500);
  floating.window.addEventListener('pagehide', fire);
  function stop() {
    clearInterval(poll);
    floating.window.removeEventListener('pagehide', fire);
  }
  return stop;
}
