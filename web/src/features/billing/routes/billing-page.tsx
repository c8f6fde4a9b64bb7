/**
 * /user/billing (spec §2 Billing): the subscription state, the monthly plan and the invoice
 * history. Billing is re-read whenever the user comes back to this tab (they pay or cancel in the
 * tab the provider opened), and the shell's banner follows since both read the ['billing'] entry.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { useEnsureCustomer } from '@/features/billing/api/create-customer';
import { useBilling } from '@/features/billing/api/get-billing';
import { InvoicesCard } from '@/features/billing/components/invoices-card';
import { LoadingStatus } from '@/features/billing/components/loading-status';
import { PlanCard } from '@/features/billing/components/plan-card';
import { SubscriptionStatus } from '@/features/billing/components/subscription-status';
import { billingErrorMessage } from '@/features/billing/lib/billing-error';
import '@/features/billing/billing.css';

export function BillingPage() {
  const { t } = useTranslation();
  const billing = useBilling();
  useEnsureCustomer(billing.data);
  const data = billing.data?.billingData;
  const paid = data?.paid ?? false;

  return (
    <div className="billing-page">
      <header className="billing-page__header">
        <h1 id="billing-title">{t('titles.billing')}</h1>
        <p className="billing-page__intro">{t('billing.intro')}</p>
      </header>

      {billing.isPending ? <LoadingStatus label={t('billing.loading')} /> : null}
      {billing.isError && !data ? (
        <Alert tone="error" title={t('billing.loadFailed')} testId="billing-load-error">
          <p>{billingErrorMessage(billing.error, t)}</p>
          <button type="button" className="button button--ghost" onClick={() => void billing.refetch()}>
            {t('billing.retry')}
          </button>
        </Alert>
      ) : null}
      {data ? <SubscriptionStatus paid={paid} subscription={data.Subscription[0]} /> : null}

      <section className="billing-plans" aria-labelledby="billing-plans-title">
        <h2 id="billing-plans-title" className="billing-card__title">
          {t('billing.plans.title')}
        </h2>
        <PlanCard subscribed={paid} />
      </section>

      <InvoicesCard />
      <p id="billing-new-tab-note" className="visually-hidden">
        {t('billing.newTab')}
      </p>
    </div>
  );
}
