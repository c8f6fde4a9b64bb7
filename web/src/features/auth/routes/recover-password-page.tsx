/** Request a password-reset e-mail (placeholder until the accounts issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function RecoverPasswordPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.recoverPassword')} />;
}
