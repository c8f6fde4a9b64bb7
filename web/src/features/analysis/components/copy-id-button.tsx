/**
 * Copies a participation's id (the label is 'Participante N' now, but ids are what support and the
 * API use). An icon button with a tooltip naming the id; the result ('ID copiado' or 'Error al
 * copiar') is said in the tooltip and a polite live region for 2 s.
 */
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { COPY_ICONS, useCopyFeedback } from '@/components/use-copy-feedback';

export function CopyIdButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const [state, copy] = useCopyFeedback();

  const feedback =
    state === 'copied' ? t('analysis.detail.idCopied') : state === 'failed' ? t('analysis.detail.copyFailed') : '';
  const Icon = COPY_ICONS[state];
  return (
    <>
      <Tooltip content={feedback || t('analysis.detail.copyIdTip', { id })}>
        {(trigger) => (
          <button
            type="button"
            className="button button--ghost button--sm button--icon participation__copy"
            aria-label={t('analysis.detail.copyId', { name })}
            data-testid="copy-entry-id"
            data-entry-id={id}
            onClick={() => void copy(id)}
            {...trigger}
          >
            <Icon aria-hidden="true" size={16} />
          </button>
        )}
      </Tooltip>
      <span className="visually-hidden" role="status" aria-live="polite">
        {feedback}
      </span>
    </>
  );
}
