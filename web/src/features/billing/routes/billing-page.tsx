/**
 * /user/billing (product §2 Billing): the subscription state, the monthly plan and the invoice
 * history. Billing is re-read whenever the user comes back to this tab (they pay or cancel in the
 * tab the provider opened), and polled while a checkout tab is open; the shell's banner follows
 * since both read the ['billing'] entry. Once the subscription is active the plan shows as the
 * current one and the "complete the payment" notice goes away.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Stack } from '@/components/ui/stack';
import { useEnsureCustomer } from '@/features/billing/api/create-customer';
import { useBilling } from '@/features/billing/api/get-billing';
import { InvoicesCard } from '@/features/billing/components/invoices-card';
import { LoadingStatus } from '@/components/ui/loading-status';
import { PlanCard } from '@/features/billing/components/plan-card';
import { SubscriptionStatus } from '@/features/billing/components/subscription-status';
import { billingErrorMessage } from '@/features/billing/lib/billing-error';
import '@/features/billing/billing.css';

export function BillingPage() {
  const { t } = useTranslation();
  // True from opening a checkout tab until billing says the subscription is active.
  const [awaitingPayment, setAwaitingPayment] = useState(false);
  const billing = useBilling({ awaitingPayment });
  useEnsureCustomer(billing.data);
  const data = billing.data?.billingData;
  const paid = data?.paid ?? false;
  // Paid: the wait is over. Reset during render (not in an effect) so the notice never flashes.
  if (paid && awaitingPayment) setAwaitingPayment(false);

  return (
    <div className="content--wide">
      <PageHeader title={t('titles.billing')} titleId="billing-title" subtitle={t('billing.intro')} />
      <Stack gap={6} className="billing-page billing-page--overview">
        {billing.isPending ? <LoadingStatus label={t('billing.loading')} /> : null}
        {billing.isError && !data ? (
          <Alert tone="error" title={t('billing.loadFailed')} testId="billing-load-error">
            <p>{billingErrorMessage(billing.error, t)}</p>
            <button type="button" className="button button--ghost" onClick={() => void billing.refetch()}>
              {t('billing.retry')}
            </button>
          </Alert>
        ) : null}
        {data ? (
          <SubscriptionStatus
            paid={paid}
            subscription={data.Subscription[0]}
            seats={data.seats}
            nextAmountCents={data.nextAmountCents}
          />
        ) : null}

        <Stack as="section" gap={3} className="billing-plans" aria-labelledby="billing-plans-title">
          <h2 id="billing-plans-title" className="visually-hidden">
            {t('billing.plans.title')}
          </h2>
          <PlanCard
            subscribed={paid}
            awaitingPayment={awaitingPayment && !paid}
            onCheckoutOpened={() => setAwaitingPayment(true)}
          />
        </Stack>

        <InvoicesCard />
        <p id="billing-new-tab-note" className="visually-hidden">
          {t('billing.newTab')}
        </p>
      </Stack>
    </div>
  );
}
