/**
 * The analysis id an invitation link carries: /participate/{id} (product §2). The participation page
 * has no router (ADR 0011), so it reads the id from the address itself, with the router's rules:
 * one decoded path segment, a trailing slash allowed; '' for /participate.
 */
const PATTERN = /^\/participate(?:\/([^/]+))?\/?$/;

export function linkedIdFrom(pathname: string): string {
  const segment = PATTERN.exec(pathname)?.[1];
  if (!segment) return '';
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape: the router would have kept the segment as it came.
    return segment;
  }
}
