/**
 * Copies an analysis' participation link (`<origin>/participate/<id>`) to the clipboard. For 2 s the
 * label says '¡Enlace copiado!' or 'Error al copiar' (product §2, §9), and a polite live region
 * announces the same, because a changed button label alone is not read out by screen readers. The
 * button keeps the width of its longest label, so the feedback never reflows a table row.
 */
import { useTranslation } from 'react-i18next';
import { StableLabel } from '@/components/ui/stable-label';
import { COPY_ICONS, useCopyFeedback } from '@/components/use-copy-feedback';
import { paths } from '@/config/paths';

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
  /** The text to copy instead of the plain link, e.g. the panel's form with `?pid=`. */
  link?: string;
  /** Read to screen readers after the label, to tell this button from the plain link's. */
  describe?: string;
}

export function CopyInviteButton({
  analysisId,
  context,
  compact = false,
  className,
  link,
  describe,
}: CopyInviteButtonProps) {
  const { t } = useTranslation();
  const [state, copy] = useCopyFeedback();

  const copied = t('analysis.invite.copied');
  const failed = t('analysis.invite.failed');
  const idleVisible = compact ? t('analysis.invite.copyShort') : t('analysis.invite.copy');
  const feedback = state === 'copied' ? copied : state === 'failed' ? failed : '';
  const Icon = COPY_ICONS[state];

  return (
    <>
      <button
        type="button"
        className={['button', 'button--ghost', 'copy-invite', className].filter(Boolean).join(' ')}
        data-state={state}
        onClick={() => void copy(link ?? inviteLink(analysisId))}
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
              {describe ? (
                <>
                  {' '}
                  <span className="visually-hidden">{describe}</span>
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
