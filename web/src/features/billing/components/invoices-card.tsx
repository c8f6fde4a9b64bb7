/**
 * 'Historial de facturas' (product §2): invoices and subscription management live in the payment
 * provider's customer portal, which 'Abrir portal del cliente' opens in a new tab.
 */
import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { Alert } from '@/components/alert';
import { BusyButton } from '@/components/ui/busy-button';
import { Stack } from '@/components/ui/stack';
import { useCreatePortalSession } from '@/features/billing/api/create-portal-session';
import { useProviderTab } from '@/features/billing/hooks/use-provider-tab';
import { billingErrorMessage } from '@/features/billing/lib/billing-error';

export function InvoicesCard() {
  const { t } = useTranslation();
  const portal = useCreatePortalSession();
  const { open, error, opened } = useProviderTab(portal, {
    waitingText: t('billing.invoices.opening'),
    urlOf: ({ customerPortalUrl }) => customerPortalUrl,
    errorMessage: (failure) => billingErrorMessage(failure, t),
  });

  return (
    <Stack as="section" gap={4} className="card billing-card billing-invoices" aria-labelledby="billing-invoices-title">
      <h2 id="billing-invoices-title" className="billing-card__title">
        {t('billing.invoices.title')}
      </h2>
      <p className="billing-card__text">{t('billing.invoices.body')}</p>
      {error ? <Alert tone="error" title={error} testId="billing-portal-error" /> : null}
      {opened ? <Alert tone="info" title={t('billing.invoices.continueInTab')} /> : null}
      <div>
        <BusyButton
          className="button button--ghost"
          busy={portal.isPending}
          aria-describedby="billing-new-tab-note"
          onClick={open}
        >
          {portal.isPending ? t('billing.invoices.opening') : t('billing.invoices.openPortal')}
          <ExternalLink aria-hidden="true" size={16} />
        </BusyButton>
      </div>
    </Stack>
  );
}
