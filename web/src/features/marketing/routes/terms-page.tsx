/** Terms and conditions, 17 sections (placeholder until the marketing issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function TermsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.terms')} />;
}
