/**
 * Renders the floating task window's content into that window (a React portal inside this page's
 * jotai Provider, so both share one state), and closes the window when it has nothing left to
 * show: the participant left the analysis, or this page is going away (a popup would outlive it).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { FloatingPanel } from '@/features/participate/components/floating-panel';
import { closeFloatingWindowAtom, floatingWindowAtom } from '@/features/participate/stores/floating-window';
import { stageAtom } from '@/features/participate/stores/participation-state';

export function FloatingWindowHost() {
  const { floating } = useAtomValue(floatingWindowAtom);
  const stage = useAtomValue(stageAtom);
  const close = useSetAtom(closeFloatingWindowAtom);
  // The thank-you stays in the window until the participant closes it.
  const wanted = stage === 'analysis' || stage === 'done';

  useEffect(() => {
    if (floating && !wanted) close();
  }, [floating, wanted, close]);

  useEffect(() => {
    const onHide = () => close();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      close();
    };
  }, [close]);

  return floating && wanted ? createPortal(<FloatingPanel />, floating.container) : null;
}
