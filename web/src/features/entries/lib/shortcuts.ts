/**
 * The entry page's keyboard shortcuts as a pure function of a key event: space (or k) play/pause,
 * ←/→ ∓5 s, j/l ∓10 s, [ and ] previous/next chapter, n new note (Shift+N: the open note's end, which
 * makes it a clip), `,` and `.` one frame back or
 * forward, m mute, t theater mode, f full screen, ? the list of shortcuts. Nothing happens while
 * typing, inside a dialog, with a modifier held (Shift aside, which '?' needs), or where the
 * focused control already gives the key a meaning (space on a button, arrows on the position
 * slider or the camera's move handle), so a key never does two things.
 */

export type ShortcutAction =
  | { kind: 'toggle' }
  | { kind: 'seek'; seconds: number }
  | { kind: 'chapter'; direction: -1 | 1 }
  | { kind: 'frame'; direction: -1 | 1 }
  | { kind: 'note' }
  | { kind: 'clipEnd' }
  | { kind: 'mute' }
  | { kind: 'theater' }
  | { kind: 'fullscreen' }
  | { kind: 'help' };

export interface KeyLike {
  key: string;
  target: EventTarget | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  defaultPrevented?: boolean;
}

/** Input types that take no typing: their keys are safe for shortcuts unless noted below. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file', 'image']);

const asElement = (target: EventTarget | null): Element | null =>
  target && typeof (target as Element).closest === 'function' ? (target as Element) : null;

/** Whether typing in `target` would put the key into a field (inputs, text areas, selects, editable content). */
export function isTextField(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has(((element as HTMLInputElement).type || 'text').toLowerCase());
  return (
    (element as HTMLElement).isContentEditable === true ||
    element.closest('[contenteditable="true"], [contenteditable=""]') !== null
  );
}

/** Controls that act on space themselves (buttons, links, disclosure summaries, checkboxes, the video). */
function ownsSpace(element: Element): boolean {
  if (
    element.matches(
      'button, a[href], summary, video, [role="button"], [role="link"], [role="checkbox"], [role="switch"]',
    )
  )
    return true;
  return element.tagName === 'INPUT';
}

/** Controls that act on arrow keys themselves (sliders, radio groups, anything marked data-owns-arrows). */
function ownsArrows(element: Element): boolean {
  return element.matches(
    'video, input[type="range"], input[type="radio"], [role="slider"], [role="radio"], [role="tab"], [data-owns-arrows]',
  );
}

export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const element = asElement(event.target);
  if (isTextField(event.target)) return null;
  if (element?.closest('[role="dialog"], [role="alertdialog"], dialog')) return null;

  switch (event.key) {
    case ' ':
    case 'Spacebar':
      return element && ownsSpace(element) ? null : { kind: 'toggle' };
    case 'k':
    case 'K':
      return { kind: 'toggle' };
    case 'ArrowLeft':
      return element && ownsArrows(element) ? null : { kind: 'seek', seconds: -5 };
    case 'ArrowRight':
      return element && ownsArrows(element) ? null : { kind: 'seek', seconds: 5 };
    case 'j':
    case 'J':
      return { kind: 'seek', seconds: -10 };
    case 'l':
    case 'L':
      return { kind: 'seek', seconds: 10 };
    case '[':
      return { kind: 'chapter', direction: -1 };
    case ']':
      return { kind: 'chapter', direction: 1 };
    case ',':
      return { kind: 'frame', direction: -1 };
    case '.':
      return { kind: 'frame', direction: 1 };
    case 'n':
    case 'N':
      return event.shiftKey ? { kind: 'clipEnd' } : { kind: 'note' };
    case 'm':
    case 'M':
      return { kind: 'mute' };
    case 't':
    case 'T':
      return { kind: 'theater' };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    case '?':
      return { kind: 'help' };
    default:
      return null;
  }
}
