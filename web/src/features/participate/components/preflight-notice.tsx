/**
 * What the input step shows instead of the form when this browser cannot take part (ADR 0010):
 * why, in the participant's words ('Este análisis necesita un ordenador con Chrome, Edge o
 * Firefox…'), the link itself, and 'Copiar el enlace' to open it later on a computer.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, CircleAlert, Copy } from 'lucide-react';
import { Alert } from '@/components/alert';
import type { PreflightProblem } from '@/features/participate/lib/preflight';

/** How long the copied/failed label stays, as the researcher's copy button (product §9). */
const COPY_FEEDBACK_MS = 2000;

const MESSAGES = {
  mobile: 'participate.preflight.mobile',
  'screen-capture': 'participate.preflight.screenCapture',
  recorder: 'participate.preflight.recorder',
} as const;

function CopyLinkButton({ link }: { link: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    let next: 'copied' | 'failed';
    try {
      await navigator.clipboard.writeText(link);
      next = 'copied';
    } catch {
      // No clipboard (or refused): the link is on the screen to copy by hand.
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };
  const labels = { idle: t('participate.preflight.copy'), copied: t('participate.preflight.copied'), failed: t('participate.preflight.copyFailed') };
  const Icon = { idle: Copy, copied: Check, failed: CircleAlert }[state];
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => void copy()} data-state={state}>
        <Icon aria-hidden="true" size={16} />
        {labels[state]}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'idle' ? '' : labels[state]}
      </span>
    </>
  );
}

export function PreflightNotice({ problem, link }: { problem: PreflightProblem; link: string }) {
  const { t } = useTranslation();
  return (
    <div className="preflight" data-testid="preflight">
      <Alert tone="warning" title={t('participate.preflight.title')} testId="preflight-message">
        <p>{t(MESSAGES[problem])}</p>
      </Alert>
      <p>{t('participate.preflight.later')}</p>
      <p className="preflight__link">
        <span className="visually-hidden">{t('participate.preflight.linkLabel')}: </span>
        <code className="code">{link}</code>
      </p>
      <div className="participate-actions">
        <CopyLinkButton link={link} />
      </div>
    </div>
  );
}
