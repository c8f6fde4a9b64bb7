/**
 * The analysis URL as researchers type it ('tienda.example.com/carrito'): the create form sends it
 * with a scheme, and the participation's steps link to it and to URLs in task texts the same way.
 */

/** https:// in front unless the URL already names http or https. */
export function withHttps(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * Where to go back to after logging in or registering (`?next=`, e.g. an invitation's page): only
 * a path of this site (one leading slash, so never `//elsewhere` nor `https://…`), else undefined.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** `path` with `?next=` set to `next` when there is one. */
export const withNext = (path: string, next: string | undefined) =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;
