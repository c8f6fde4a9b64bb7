/**
 * The floating task window's state (ADR 0010): which window is open, if any, and whether the
 * browser refused to open one (the button is hidden then). The window renders from the same jotai
 * store as the tab through a React portal, so the two can never disagree about the step.
 */
import { atom } from 'jotai';
import { openFloatingWindow, watchClosed, type FloatingWindow } from '@/features/participate/lib/floating-window';

const current = atom<{ floating: FloatingWindow; unwatch: () => void } | null>(null);
const refused = atom(false);
const opening = atom(false);

export const floatingWindowAtom = atom((get) => ({
  floating: get(current)?.floating ?? null,
  refused: get(refused),
  opening: get(opening),
}));

/** 'Abrir tareas en ventana flotante' (call from the click, which grants the gesture). */
export const openFloatingWindowAtom = atom(null, async (get, set, title: string) => {
  if (get(current) || get(opening)) return;
  set(opening, true);
  let floating: FloatingWindow | null;
  try {
    floating = await openFloatingWindow(title);
  } finally {
    set(opening, false);
  }
  if (!floating) {
    set(refused, true);
    return;
  }
  const opened = floating;
  // The participant closed it: everything is back in the tab only.
  const unwatch = watchClosed(opened, () => {
    if (get(current)?.floating === opened) set(current, null);
  });
  set(current, { floating: opened, unwatch });
});

/** Closes the window from our side (a button, or the analysis ended). */
export const closeFloatingWindowAtom = atom(null, (get, set) => {
  const open = get(current);
  if (!open) return;
  open.unwatch();
  set(current, null);
  open.floating.window.close();
});
