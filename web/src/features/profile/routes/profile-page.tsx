/** Change-password screen at /user/profile (placeholder until the accounts issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function ProfilePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.profile')} />;
}
