/** Video player for one recording entry (placeholder until the recordings issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function EntryPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.entry')} />;
}
