/** Set a new password from a passwordResetToken link (placeholder until the accounts issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function PasswordResetPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.passwordReset')} />;
}
