/** Copies a share link; for 2 s the label and a polite live region say whether it worked. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_FEEDBACK_MS } from '@/components/copy-invite-button';

export function CopyLinkButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };

  const feedback = state === 'copied' ? t('analysis.invite.copied') : state === 'failed' ? t('analysis.invite.failed') : '';
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => void copy()}>
        {feedback || t('clips.share.copy')}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {feedback}
      </span>
    </>
  );
}
