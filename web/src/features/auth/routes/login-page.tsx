/** Login form at /auth and /auth/login (placeholder until the accounts issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function LoginPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.login')} />;
}
