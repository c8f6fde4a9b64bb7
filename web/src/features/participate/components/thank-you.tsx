/**
 * The real ending (ADR 0010): after 'Success!' closes, 'Gracias por participar', what happens to
 * the recording and that the tab can be closed. No form and no button inviting another attempt;
 * a reload, or the invitation link opened again, shows this screen again (ADR 0010).
 * `linkedId` is the id the page's address carried (/participate/{id}), '' for /participate.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import { ParticipateCard } from '@/features/participate/components/participate-card';
import { inputAtom } from '@/features/participate/stores/participation-state';
import { completionUrlAtom } from '@/features/participate/stores/study-state';

const REDIRECT_MS = 3000;

export function ThankYou({ linkedId }: { linkedId: string }) {
  const { t } = useTranslation();
  const { analysisId } = useAtomValue(inputAtom);
  const completionUrl = useAtomValue(completionUrlAtom);

  // A panel study sends the participant back with the completion code (ADR 0017): after 3 s,
  // or at once with the button.
  useEffect(() => {
    if (!completionUrl) return undefined;
    const timer = setTimeout(() => window.location.assign(completionUrl), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [completionUrl]);

  // Reached from /participate (id typed in): put the id in the address, so a reload finds it.
  useEffect(() => {
    if (!linkedId && analysisId) window.history.replaceState(window.history.state, '', paths.participate(analysisId));
  }, [linkedId, analysisId]);

  return (
    <ParticipateCard
      titleId="participate-thanks-title"
      title={t('participate.thanks.title')}
      className="thank-you"
      testId="thank-you"
      icon={<CircleCheck className="thank-you__icon" size={40} aria-hidden="true" focusable="false" />}
    >
      <p className="participate-lead">{t('participate.thanks.recording')}</p>
      {completionUrl ? (
        <>
          <p role="status">{t('participate.thanks.redirect')}</p>
          <a className="button button--primary" href={completionUrl} data-testid="completion-link">
            {t('participate.thanks.redirectNow')}
          </a>
        </>
      ) : (
        <p>{t('participate.thanks.close')}</p>
      )}
    </ParticipateCard>
  );
}
