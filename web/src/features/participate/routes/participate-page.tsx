/** Participation flow at /participate[/:id] (placeholder), already showing the recorder's chosen format. */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';
import { useRecorderMime } from '@/features/participate/hooks/use-recorder-mime';

export function ParticipatePage() {
  const { t } = useTranslation();
  const recorder = useRecorderMime();
  const mime = recorder.status === 'ready' && recorder.mime ? recorder.mime : t('participate.recorderUnavailable');

  return (
    <PlaceholderPage title={t('titles.participate')}>
      {recorder.status !== 'loading' && (
        <p data-testid="recorder-mime">{t('participate.recorderMime', { mime })}</p>
      )}
    </PlaceholderPage>
  );
}
