/** Step 4 (product §2.4): the stepper beside the recording panel (stacked on phones, panel first). */
import { useTranslation } from 'react-i18next';
import { RecordingPanel } from '@/features/participate/components/recording-panel';
import { Stepper } from '@/features/participate/components/stepper';

export function AnalysisStep() {
  const { t } = useTranslation();
  return (
    <div className="participate-analysis participate--wide">
      <h1 className="participate-analysis__title" tabIndex={-1}>
        {t('participate.analysis.title')}
      </h1>
      <RecordingPanel />
      <Stepper />
    </div>
  );
}
