/**
 * Listens for the entry page's keyboard shortcuts on the whole document while the page is open and
 * runs the matching handler (see lib/shortcuts.ts for which keys count where).
 */
import { useEffect, useRef } from 'react';
import { shortcutFor, type ShortcutAction } from '@/features/entries/lib/shortcuts';

export type ShortcutHandler = (action: ShortcutAction) => void;

export function useShortcuts(handler: ShortcutHandler, enabled = true): void {
  // The latest handler without re-adding the listener on every render.
  const handlerRef = useRef(handler);
  handlerRef.current = handler;

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      // Space would also scroll the page, arrows too.
      event.preventDefault();
      handlerRef.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
