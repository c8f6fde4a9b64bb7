/**
 * The analysis URL as researchers type it ('tienda.example.com/carrito'): the create form sends it
 * with a scheme, and the participation's steps link to it and to URLs in task texts the same way.
 */

/** https:// in front unless the URL already names http or https. */
export function withHttps(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
