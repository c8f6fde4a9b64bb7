/**
 * Two <video> elements taking turns over a list of files, the way a DJ uses two decks: one is on
 * screen, the other loads the next file (or a file a seek needs) out of sight, so the switch shows
 * a decoded frame at once instead of a blank element. Owns each element's `src` and `preload`; the
 * player engine decides when to load and when to swap.
 */

export type Slot = 0 | 1;

export const other = (slot: Slot): Slot => (slot === 0 ? 1 : 0);

export class VideoDeck {
  private readonly elements: [HTMLVideoElement | null, HTMLVideoElement | null] = [null, null];
  /** The file index each element holds (null: none yet). */
  private readonly held: [number | null, number | null] = [null, null];
  private urls: readonly (string | null)[];
  active: Slot = 0;

  constructor(urls: readonly (string | null)[]) {
    this.urls = urls;
  }

  get standby(): Slot {
    return other(this.active);
  }

  element(slot: Slot = this.active): HTMLVideoElement | null {
    return this.elements[slot];
  }

  holds(slot: Slot): number | null {
    return this.held[slot];
  }

  url(index: number): string | null {
    return this.urls[index] ?? null;
  }

  /** The slot an element sits in, or null for an element of another deck. */
  slotOf(element: EventTarget | null): Slot | null {
    if (element === this.elements[0]) return 0;
    if (element === this.elements[1]) return 1;
    return null;
  }

  attach(slot: Slot, element: HTMLVideoElement | null): void {
    this.elements[slot] = element;
    if (!element) this.held[slot] = null;
  }

  /**
   * Points `slot` at file `index` unless it already holds that very URL; `preload` 'auto' asks the
   * browser to fetch enough to play (for the next file), 'metadata' just the header. Returns
   * whether the source changed (its time is then 0).
   */
  load(slot: Slot, index: number, preload: 'metadata' | 'auto' = 'metadata'): boolean {
    const element = this.elements[slot];
    const url = this.urls[index];
    if (!element || !url) return false;
    if (element.preload !== preload) element.preload = preload;
    if (this.held[slot] === index && element.getAttribute('src') === url) return false;
    this.held[slot] = index;
    element.src = url;
    return true;
  }

  /** New URLs for the same files (a refreshed signature): which slots now hold a stale URL. */
  setUrls(urls: readonly (string | null)[]): Slot[] {
    this.urls = urls;
    return ([0, 1] as const).filter((slot) => {
      const index = this.held[slot];
      const element = this.elements[slot];
      return index !== null && element !== null && element.getAttribute('src') !== (urls[index] ?? null);
    });
  }

  swap(): void {
    this.active = this.standby;
  }
}
