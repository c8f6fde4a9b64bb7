/** Subscription and invoices at /user/billing (placeholder until the billing issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';

export function BillingPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.billing')} />;
}
