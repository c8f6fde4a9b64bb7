/** Customer registration (placeholder until the accounts issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function RegisterPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.register')} />;
}
