/**
 * Copying a text to the clipboard with feedback, as every copy button does it: the state is
 * 'copied' or 'failed' for 2 s (product §9), then 'idle' again; a second copy restarts the 2 s.
 * navigator.clipboard is missing outside secure contexts, so that counts as 'failed' too. Each
 * button keeps its own words and markup; this is only the shared behaviour.
 */
import { useEffect, useRef, useState } from 'react';
import { Check, CircleAlert, Copy } from 'lucide-react';

/** How long the copied/failed label stays (product §9). */
export const COPY_FEEDBACK_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** The icon a copy button shows in each state. */
export const COPY_ICONS = { idle: Copy, copied: Check, failed: CircleAlert } as const;

/** The current state, and `copy(text)` to call from the click. */
export function useCopyFeedback(): [CopyState, (text: string) => Promise<void>] {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    let next: CopyState;
    try {
      await navigator.clipboard.writeText(text);
      next = 'copied';
    } catch {
      // No clipboard (or refused): the caller's failed label says so.
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };

  return [state, copy];
}
