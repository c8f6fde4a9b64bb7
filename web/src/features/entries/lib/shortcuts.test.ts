/** Which key does what, and where shortcuts stay quiet. */
import { describe, expect, it } from 'vitest';
import { isTextField, shortcutFor, type KeyLike } from '@/features/entries/lib/shortcuts';

function element(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.querySelector('[data-target]') ?? (host.firstElementChild as Element);
}

const press = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyLike> = {}) =>
  shortcutFor({ key, target, ...extra });

describe('shortcutFor', () => {
  it.each<[string, Partial<KeyLike>, ReturnType<typeof shortcutFor>]>([
    [' ', {}, { kind: 'toggle' }],
    ['k', {}, { kind: 'toggle' }],
    ['ArrowLeft', {}, { kind: 'seek', seconds: -5 }],
    ['ArrowRight', {}, { kind: 'seek', seconds: 5 }],
    ['j', {}, { kind: 'seek', seconds: -10 }],
    ['l', {}, { kind: 'seek', seconds: 10 }],
    ['n', {}, { kind: 'note' }],
    ['N', {}, { kind: 'note' }],
    ['N', { shiftKey: true }, { kind: 'clipEnd' }],
    ['[', {}, { kind: 'chapter', direction: -1 }],
    [']', {}, { kind: 'chapter', direction: 1 }],
    [',', {}, { kind: 'frame', direction: -1 }],
    ['.', {}, { kind: 'frame', direction: 1 }],
    ['m', {}, { kind: 'mute' }],
    ['t', {}, { kind: 'theater' }],
    ['f', {}, { kind: 'fullscreen' }],
    // '?' is Shift+/ on most layouts: Shift does not silence shortcuts.
    ['?', {}, { kind: 'help' }],
    ['x', {}, null],
    ['Enter', {}, null],
  ])('maps the documented key %j (%j) on the page', (key, extra, action) => {
    expect(press(key, document.body, extra)).toEqual(action);
  });

  it('stays quiet while typing in a field', () => {
    for (const html of [
      '<input data-target>',
      '<input type="search" data-target>',
      '<textarea data-target></textarea>',
      '<select data-target><option>1</option></select>',
      '<div contenteditable="true"><span data-target>x</span></div>',
    ]) {
      const target = element(html);
      expect(press('n', target), html).toBeNull();
      expect(press(' ', target), html).toBeNull();
      expect(press('ArrowLeft', target), html).toBeNull();
    }
  });

  it('leaves space to buttons, links, summaries and the video, but still takes letters there', () => {
    for (const html of [
      '<button data-target>x</button>',
      '<a href="#" data-target>x</a>',
      '<details><summary data-target>x</summary></details>',
      '<video data-target></video>',
    ]) {
      const target = element(html);
      expect(press(' ', target), html).toBeNull();
      expect(press('j', target), html).toEqual({ kind: 'seek', seconds: -10 });
      expect(press('n', target), html).toEqual({ kind: 'note' });
    }
  });

  it("leaves arrows to the position slider and the camera's move handle", () => {
    for (const html of [
      '<video data-target></video>',
      '<input type="range" data-target>',
      '<button data-owns-arrows data-target>x</button>',
    ]) {
      const target = element(html);
      expect(press('ArrowRight', target), html).toBeNull();
      expect(press('l', target), html).toEqual({ kind: 'seek', seconds: 10 });
    }
    expect(press('ArrowRight', element('<button data-target>x</button>'))).toEqual({ kind: 'seek', seconds: 5 });
  });

  it('ignores keys with a modifier, already handled keys and keys inside a dialog', () => {
    expect(press('n', document.body, { ctrlKey: true })).toBeNull();
    expect(press('l', document.body, { metaKey: true })).toBeNull();
    expect(press('j', document.body, { altKey: true })).toBeNull();
    expect(press(' ', document.body, { defaultPrevented: true })).toBeNull();
    expect(press('n', element('<div role="alertdialog"><p data-target>x</p></div>'))).toBeNull();
  });
});

describe('isTextField', () => {
  it('tells typing fields from other controls', () => {
    expect(isTextField(element('<input data-target>'))).toBe(true);
    expect(isTextField(element('<input type="checkbox" data-target>'))).toBe(false);
    expect(isTextField(element('<input type="range" data-target>'))).toBe(false);
    expect(isTextField(element('<button data-target>x</button>'))).toBe(false);
    expect(isTextField(null)).toBe(false);
    expect(isTextField(window)).toBe(false);
  });
});
