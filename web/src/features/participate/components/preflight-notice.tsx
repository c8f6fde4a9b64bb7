/**
 * What the input step shows instead of the form when this browser cannot take part (ADR 0010):
 * why, in the participant's words ('Este análisis necesita un ordenador con Chrome, Edge o
 * Firefox…'), the link itself, and 'Copiar el enlace' to open it later on a computer.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { COPY_ICONS, useCopyFeedback } from '@/components/use-copy-feedback';
import type { PreflightProblem } from '@/features/participate/lib/preflight';

const MESSAGES = {
  mobile: 'participate.preflight.mobile',
  'screen-capture': 'participate.preflight.screenCapture',
  recorder: 'participate.preflight.recorder',
} as const;

function CopyLinkButton({ link }: { link: string }) {
  const { t } = useTranslation();
  // Failing is not final: the link is on the screen to copy by hand.
  const [state, copy] = useCopyFeedback();
  const labels = {
    idle: t('participate.preflight.copy'),
    copied: t('participate.preflight.copied'),
    failed: t('participate.preflight.copyFailed'),
  };
  const Icon = COPY_ICONS[state];
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => void copy(link)} data-state={state}>
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
