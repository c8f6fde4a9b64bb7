/** Create-analysis form (placeholder until the analyses issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function CreateAnalysisPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.createAnalysis')} />;
}
