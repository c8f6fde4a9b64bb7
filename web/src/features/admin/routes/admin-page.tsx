/** Admin dashboard with the users table (placeholder until the admin issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function AdminPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.admin')} />;
}
