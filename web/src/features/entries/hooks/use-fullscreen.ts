/**
 * Full screen for the player: the stage (picture, camera and control bar together) fills the
 * screen, so our controls stay usable there. Escape (the browser's) leaves it; the state follows
 * `fullscreenchange`. Browsers without the API simply do nothing.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const onChange = () => setActive(ref.current !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      document.exitFullscreen?.()?.catch(() => {});
      return;
    }
    ref.current?.requestFullscreen?.()?.catch(() => {});
  }, [ref]);

  return { active, toggle };
}
