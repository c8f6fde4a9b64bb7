/** One analysis with its tasks and participations (placeholder until the analyses issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function AnalysisDetailPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.analysisDetail')} />;
}
