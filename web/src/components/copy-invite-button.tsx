/**
 * Copies an analysis' participation link (`<origin>/participate/<id>`) to the clipboard. For 2 s the
 * label says '¡Enlace copiado!' or 'Error al copiar' (product §2, §9), and a polite live region
 * announces the same, because a changed button label alone is not read out by screen readers. The
 * button keeps the width of its longest label, so the feedback never reflows a table row.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, CircleAlert, Copy } from 'lucide-react';
import { StableLabel } from '@/components/ui/stable-label';
import { paths } from '@/config/paths';

/** How long the copied/failed label stays (product §9). */
export const COPY_FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

export const inviteLink = (analysisId: string, origin = window.location.origin) =>
  `${origin}${paths.participate(analysisId)}`;

interface CopyInviteButtonProps {
  analysisId: string;
  /** Analysis name, read to screen readers after the label so repeated buttons differ. */
  context?: string;
  /**
   * Shows only 'Copiar enlace' (tables); the rest of the label stays for screen readers, so the
   * accessible name still starts with the visible text.
   */
  compact?: boolean;
  /** Extra classes, e.g. 'button--sm' in dense tables. */
  className?: string;
}

const ICONS = { idle: Copy, copied: Check, failed: CircleAlert } as const;

export function CopyInviteButton({ analysisId, context, compact = false, className }: CopyInviteButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let next: CopyState;
    try {
      // navigator.clipboard is missing outside secure contexts; that is a failure too.
      await navigator.clipboard.writeText(inviteLink(analysisId));
      next = 'copied';
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };

  const copied = t('analysis.invite.copied');
  const failed = t('analysis.invite.failed');
  const idleVisible = compact ? t('analysis.invite.copyShort') : t('analysis.invite.copy');
  const feedback = state === 'copied' ? copied : state === 'failed' ? failed : '';
  const Icon = ICONS[state];

  return (
    <>
      <button
        type="button"
        className={['button', 'button--ghost', 'copy-invite', className].filter(Boolean).join(' ')}
        data-state={state}
        onClick={() => void copy()}
      >
        <Icon aria-hidden="true" size={16} />
        <StableLabel alternatives={[idleVisible, copied, failed]}>
          {state === 'idle' ? (
            <>
              {compact ? (
                <>
                  {t('analysis.invite.copyShort')}{' '}
                  <span className="visually-hidden">{t('analysis.invite.copyRest')}</span>
                </>
              ) : (
                t('analysis.invite.copy')
              )}
              {context ? (
                <>
                  {' '}
                  <span className="visually-hidden">{t('analysis.invite.context', { name: context })}</span>
                </>
              ) : null}
            </>
          ) : (
            feedback
          )}
        </StableLabel>
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {feedback}
      </span>
    </>
  );
}
