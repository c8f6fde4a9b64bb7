/**
 * /billing/portal: the local test-mode customer portal that POST /billing/customer-portal points
 * to when no real payment provider is configured. It shows the subscription and the invoices, and
 * cancels the subscription at once after a confirmation.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { useCancelLocalSubscription } from '@/features/billing/api/cancel-local-subscription';
import { useLocalPortal } from '@/features/billing/api/get-local-portal';
import { BackToBilling } from '@/features/billing/components/back-to-billing';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Stack } from '@/components/ui/stack';
import { InvoiceTable } from '@/features/billing/components/invoice-table';
import { LoadingStatus } from '@/components/ui/loading-status';
import { billingErrorMessage } from '@/features/billing/lib/billing-error';
import { formatDate } from '@/features/billing/lib/format';
import { MONTHLY_PLAN } from '@/features/billing/lib/plan';
import { isLiveStatus, subscriptionStatusKey } from '@/features/billing/lib/status-labels';
import type { SubscriptionDto } from '@/lib/api-types/SubscriptionDto';
import '@/features/billing/billing.css';

export function PortalPage() {
  const { t } = useTranslation();
  const portal = useLocalPortal();
  const cancel = useCancelLocalSubscription();
  const [confirming, setConfirming] = useState(false);

  const confirmCancel = () => {
    cancel.mutate(undefined, { onSettled: () => setConfirming(false) });
  };

  return (
    <>
      <PageHeader title={t('billing.portal.title')} />
      <Stack gap={6} className="billing-page">
        {cancel.isSuccess ? (
          <Alert tone="success" title={t('billing.portal.canceled')} testId="portal-canceled" />
        ) : null}
        {cancel.isError ? (
          <Alert tone="error" title={billingErrorMessage(cancel.error, t)} testId="portal-cancel-error" />
        ) : null}

        {portal.isPending ? <LoadingStatus label={t('billing.portal.loading')} /> : null}
        {portal.isError ? (
          <Alert tone="error" title={t('billing.portal.loadFailed')}>
            <p>{billingErrorMessage(portal.error, t)}</p>
          </Alert>
        ) : null}

        {portal.data ? (
          <>
            <Stack as="section" gap={4} className="card billing-card" aria-labelledby="portal-subscription-title">
              <h2 id="portal-subscription-title" className="billing-card__title">
                {t('billing.portal.subscription')}
              </h2>
              {portal.data.subscription ? (
                <SubscriptionFacts subscription={portal.data.subscription} />
              ) : (
                <p className="billing-card__text">{t('billing.portal.none')}</p>
              )}
              {portal.data.subscription && isLiveStatus(portal.data.subscription.status) ? (
                <div>
                  <button type="button" className="button button--danger-ghost" onClick={() => setConfirming(true)}>
                    {t('billing.portal.cancel')}
                  </button>
                </div>
              ) : null}
            </Stack>

            <Stack as="section" gap={3} className="billing-section" aria-labelledby="portal-invoices-title">
              <h2 id="portal-invoices-title" className="billing-section-title">
                {t('billing.portal.invoices')}
              </h2>
              <InvoiceTable invoices={portal.data.invoices} />
            </Stack>
          </>
        ) : null}

        <div>
          <BackToBilling label={t('billing.portal.backToBilling')} />
        </div>

        {confirming ? (
          <ConfirmDialog
            title={t('billing.portal.confirmTitle')}
            body={t('billing.portal.confirmBody')}
            confirmLabel={t('billing.portal.confirm')}
            cancelLabel={t('billing.portal.keep')}
            destructive
            busy={cancel.isPending}
            busyLabel={t('billing.portal.canceling')}
            onConfirm={confirmCancel}
            onCancel={() => setConfirming(false)}
          />
        ) : null}
      </Stack>
    </>
  );
}

function SubscriptionFacts({ subscription }: { subscription: SubscriptionDto }) {
  const { t, i18n } = useTranslation();
  const statusKey = subscriptionStatusKey(subscription.status);
  const live = isLiveStatus(subscription.status);
  return (
    <Stack as="dl" gap={3} className="billing-facts facts" data-testid="portal-subscription">
      <div>
        <dt>{t('billing.portal.status')}</dt>
        <dd>
          <Badge tone={live ? 'success' : 'neutral'}>{statusKey ? t(statusKey) : subscription.status}</Badge>
        </dd>
      </div>
      <div>
        <dt>{t('billing.portal.plan')}</dt>
        <dd>{subscription.plan === MONTHLY_PLAN.planName ? t('billing.plans.monthly.name') : subscription.plan}</dd>
      </div>
      <div>
        <dt>{t('billing.current.subscriptionId')}</dt>
        <dd className="code">{subscription.id}</dd>
      </div>
      {subscription.current_period_end !== null && live ? (
        <div>
          <dt>{t('billing.portal.periodEnd')}</dt>
          <dd>{formatDate(subscription.current_period_end, i18n.language)}</dd>
        </div>
      ) : null}
    </Stack>
  );
}
