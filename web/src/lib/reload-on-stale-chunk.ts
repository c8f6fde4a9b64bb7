/**
 * Recovers a tab left open across a deploy: the old build's lazy chunks are gone, so the first
 * failed chunk load reloads the page once (a session flag stops reload loops).
 */
const FLAG = 'lupa.reloadedForStaleChunk';

export function reloadOnStaleChunk(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    if (win.sessionStorage.getItem(FLAG)) return;
    win.sessionStorage.setItem(FLAG, String(Date.now()));
    event.preventDefault();
    win.location.reload();
  });
  // A page that loaded fine clears the flag, so a later deploy can recover the same way.
  win.addEventListener('load', () => win.setTimeout(() => win.sessionStorage.removeItem(FLAG), 10_000));
}
