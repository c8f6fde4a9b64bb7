/** FAQ accordion with nine items (placeholder until the marketing issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function FaqPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.faq')} />;
}
