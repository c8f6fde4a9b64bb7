/** Catch-all screen for unknown URLs (product §2): the secret-place title and a way back home. */
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo';
import { StandalonePage } from '@/components/standalone-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StandalonePage title={t('notFound.title')} backHome={t('notFound.backHome')} mark={<LogoMark size={56} />} />;
}
