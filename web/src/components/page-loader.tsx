/** Centred spinner shown while a lazily loaded screen arrives. */
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '@/components/ui/loading-status';

export function PageLoader() {
  const { t } = useTranslation();
  return <LoadingStatus label={t('app.loading')} />;
}
