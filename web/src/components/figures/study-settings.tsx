/**
 * What a study asks of its participants (ADR 0015), beside its figures: the camera (when known),
 * the questions after each task and the SUS. On the analysis page and the shared summary.
 */
import { useTranslation } from 'react-i18next';
import type { Camera } from '@/lib/api-types/Camera';
import type { InsightSettingsDto } from '@/lib/api-types/InsightSettingsDto';
import '@/components/figures/figures.css';

const CAMERA = {
  off: 'figures.settings.cameraOff',
  optional: 'figures.settings.cameraOptional',
  required: 'figures.settings.cameraRequired',
} as const;

export function StudySettings({ settings, camera }: { settings: InsightSettingsDto; camera?: Camera }) {
  const { t } = useTranslation();
  const yesNo = (on: boolean) => (on ? t('figures.settings.yes') : t('figures.settings.no'));
  return (
    <dl className="study-settings" aria-label={t('figures.settings.label')} data-testid="study-settings">
      {camera ? (
        <div>
          <dt>{t('figures.settings.camera')}</dt>
          <dd>{t(CAMERA[camera])}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('figures.settings.taskQuestions')}</dt>
        <dd>{yesNo(settings.taskQuestions)}</dd>
      </div>
      <div>
        <dt>{t('figures.settings.sus')}</dt>
        <dd>{yesNo(settings.sus)}</dd>
      </div>
    </dl>
  );
}
