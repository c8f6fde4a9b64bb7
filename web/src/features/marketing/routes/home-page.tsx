/** Public home at /home and /home/home (placeholder until the marketing issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function HomePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.home')} />;
}
