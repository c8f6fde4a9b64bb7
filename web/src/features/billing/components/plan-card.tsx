/**
 * The monthly plan (spec §2, §9): €29 a month with VAT. 'Elegir Mensual' asks for a checkout
 * session and opens it in a new tab; a 400 means the user is already subscribed (spec §8).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { useCreateCheckoutSession } from '@/features/billing/api/create-checkout-session';
import { checkoutErrorMessage } from '@/features/billing/lib/billing-error';
import { openPendingTab } from '@/features/billing/lib/open-in-new-tab';

export function PlanCard({ subscribed }: { subscribed: boolean }) {
  const { t } = useTranslation();
  const checkout = useCreateCheckoutSession();
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);

  const choose = () => {
    if (checkout.isPending) return;
    setError(null);
    setOpened(false);
    // Opened inside the click, before the call, so popup blockers let it through.
    const tab = openPendingTab(t('billing.plans.opening'));
    checkout
      .mutateAsync()
      .then(({ checkoutSessionUrl }) => {
        tab.go(checkoutSessionUrl);
        setOpened(true);
      })
      .catch((failure: unknown) => {
        tab.close();
        setError(checkoutErrorMessage(failure, t));
      });
  };

  return (
    <section className="card billing-card billing-plan" aria-labelledby="billing-plan-title">
      <h3 id="billing-plan-title" className="billing-plan__name">
        {t('billing.plans.monthly.name')}
      </h3>
      <p className="billing-plan__price">
        <span className="billing-plan__amount">{t('billing.plans.monthly.price')}</span>{' '}
        <span className="billing-plan__vat">{t('billing.plans.monthly.vat')}</span>
      </p>
      <p className="billing-card__text">{t('billing.plans.monthly.description')}</p>
      {subscribed ? <p className="billing-plan__note">{t('billing.plans.subscribed')}</p> : null}
      {error ? <Alert tone="error" title={error} testId="billing-checkout-error" /> : null}
      {opened ? <Alert tone="info" title={t('billing.plans.continueInTab')} /> : null}
      <button
        type="button"
        className="button button--primary billing-plan__action"
        aria-busy={checkout.isPending || undefined}
        aria-disabled={checkout.isPending || undefined}
        aria-describedby="billing-new-tab-note"
        onClick={choose}
      >
        {checkout.isPending ? t('billing.plans.opening') : t('billing.plans.monthly.choose')}
      </button>
    </section>
  );
}
