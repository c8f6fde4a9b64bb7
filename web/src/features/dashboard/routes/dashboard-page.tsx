/** Customer dashboard with the analyses table (placeholder until the analyses issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function DashboardPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.dashboard')} />;
}
