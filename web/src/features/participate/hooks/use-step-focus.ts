/**
 * The step heading takes focus when the step changes or a question screen opens or closes, so
 * screen readers follow, in the tab's stepper and in the floating window alike. Not on the first
 * render: only a change moves focus.
 */
import { useEffect, useRef } from 'react';

export function useStepFocus(index: number, asking: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [index, asking]);
  return heading;
}
