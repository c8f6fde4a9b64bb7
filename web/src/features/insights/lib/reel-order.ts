/** Reordering a reel's clips: one clip moved by one place, or dropped at another clip's place. */

/** `ids` with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveBy(ids: readonly string[], id: string, direction: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  return moveTo(ids, id, to);
}

/** `ids` with `id` taken out and put at index `to`. */
export function moveTo(ids: readonly string[], id: string, to: number): string[] {
  const rest = ids.filter((other) => other !== id);
  if (rest.length === ids.length) return [...ids];
  const at = Math.min(Math.max(0, to), rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
