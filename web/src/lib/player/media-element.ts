/**
 * What the player needs of a <video> element beyond the DOM's types: the readyState values jsdom
 * lacks, the events each track listens to, and moving those listeners when React hands a deck's
 * slot a new element.
 */
import type { Slot, VideoDeck } from '@/lib/player/video-deck';

/** HTMLMediaElement.readyState values (jsdom lacks the constants). */
export const HAVE_METADATA = 1;
export const HAVE_CURRENT_DATA = 2;
export const HAVE_FUTURE_DATA = 3;

export const SCREEN_EVENTS = [
  'loadedmetadata',
  'loadeddata',
  'canplay',
  'durationchange',
  'timeupdate',
  'seeking',
  'seeked',
  'play',
  'pause',
  'ended',
  'volumechange',
  'waiting',
  'playing',
  'error',
] as const;
export const CAMERA_EVENTS = ['loadedmetadata', 'loadeddata', 'canplay', 'seeked', 'error'] as const;

/**
 * Gives a deck's slot its element (or none), moving the track's listeners from the old one to the
 * new. True when a new element arrived, which the caller then sets up.
 */
export function attachTo(
  deck: VideoDeck,
  slot: Slot,
  element: HTMLVideoElement | null,
  events: readonly string[],
  listener: (event: Event) => void,
): boolean {
  const before = deck.element(slot);
  if (before === element) return false;
  if (before) events.forEach((type) => before.removeEventListener(type, listener));
  deck.attach(slot, element);
  if (!element) return false;
  events.forEach((type) => element.addEventListener(type, listener));
  return true;
}

/** play() rejects when the source changes or the browser refuses; the controls stay usable. */
export const startPlayback = (element: HTMLVideoElement): void => {
  element.play()?.catch(() => {});
};
