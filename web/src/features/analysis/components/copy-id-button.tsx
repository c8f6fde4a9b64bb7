/**
 * Copies a participation's id (the label is 'Participante N' now, but ids are what support and the
 * API use). An icon button with a tooltip naming the id; the result ('ID copiado' or 'Error al
 * copiar') is said in the tooltip and a polite live region for 2 s.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, CircleAlert, Copy } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';

const FEEDBACK_MS = 2000;
const ICONS = { idle: Copy, copied: Check, failed: CircleAlert } as const;

export function CopyIdButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<keyof typeof ICONS>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let next: keyof typeof ICONS;
    try {
      await navigator.clipboard.writeText(id);
      next = 'copied';
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), FEEDBACK_MS);
  };

  const feedback = state === 'copied' ? t('analysis.detail.idCopied') : state === 'failed' ? t('analysis.detail.copyFailed') : '';
  const Icon = ICONS[state];
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
            onClick={() => void copy()}
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
