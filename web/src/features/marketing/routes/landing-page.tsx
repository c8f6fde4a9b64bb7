/** Waitlist landing page at / (placeholder until the marketing issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function LandingPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.landing')} />;
}
