/**
 * 'Abrir tareas en ventana flotante' on the analysis step (ADR 0010): opens the floating task
 * window (Document Picture-in-Picture, or a popup where the browser has none). While it is open
 * the tab says so and offers to close it; when the browser refused a window, the button goes
 * away and the tab says the tasks stay here.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PictureInPicture2 } from 'lucide-react';
import {
  closeFloatingWindowAtom,
  floatingWindowAtom,
  openFloatingWindowAtom,
} from '@/features/participate/stores/floating-window';

export function FloatingTasksControl() {
  const { t } = useTranslation();
  const { floating, refused, opening } = useAtomValue(floatingWindowAtom);
  const open = useSetAtom(openFloatingWindowAtom);
  const close = useSetAtom(closeFloatingWindowAtom);

  return (
    <div className="floating-control">
      <p className="floating-control__note" role="status">
        {refused ? t('participate.floating.blocked') : floating ? t('participate.floating.isOpen') : ''}
      </p>
      {refused ? null : floating ? (
        <button type="button" className="button button--ghost" onClick={() => close()}>
          {t('participate.floating.close')}
        </button>
      ) : (
        <>
          <p className="text-note">{t('participate.floating.hint')}</p>
          <button
            type="button"
            className="button button--secondary"
            aria-busy={opening || undefined}
            onClick={() => void open(t('participate.floating.windowTitle'))}
          >
            <PictureInPicture2 size={16} aria-hidden="true" focusable="false" />
            {t('participate.floating.open')}
          </button>
        </>
      )}
    </div>
  );
}
