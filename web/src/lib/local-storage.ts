/**
 * The browser's local storage, or null where there is none: outside a browser, and where reading
 * `window.localStorage` itself throws (the browser blocks site data). Callers treat null as
 * "remember nothing", so a private window only loses the memory, never the page.
 */
export function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
