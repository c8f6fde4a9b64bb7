/** Copies a share link; for 2 s the label and a polite live region say whether it worked. */
import { useTranslation } from 'react-i18next';
import { useCopyFeedback } from '@/components/use-copy-feedback';

export function CopyLinkButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const [state, copy] = useCopyFeedback();

  const feedback =
    state === 'copied' ? t('analysis.invite.copied') : state === 'failed' ? t('analysis.invite.failed') : '';
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => void copy(url)}>
        {feedback || t('clips.share.copy')}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {feedback}
      </span>
    </>
  );
}
