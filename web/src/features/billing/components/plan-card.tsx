/**
 * The monthly plan (product §2, §9): €29 a month with VAT. 'Elegir Mensual' asks for a checkout
 * session and opens it in a new tab; a 400 means the user is already subscribed (product §8). A paid
 * user sees the plan marked as the current one, with no button to buy it again.
 */
import { useTranslation } from 'react-i18next';
import { CircleCheck, ExternalLink } from 'lucide-react';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/ui/badge';
import { BusyButton } from '@/components/ui/busy-button';
import { Stack } from '@/components/ui/stack';
import { useCreateCheckoutSession } from '@/features/billing/api/create-checkout-session';
import { useProviderTab } from '@/features/billing/hooks/use-provider-tab';
import { checkoutErrorMessage } from '@/features/billing/lib/billing-error';

interface PlanCardProps {
  /** The user has an active subscription: this plan is theirs. */
  subscribed: boolean;
  /** A checkout tab is open and the subscription is not active yet: say where to finish. */
  awaitingPayment: boolean;
  onCheckoutOpened: () => void;
}

export function PlanCard({ subscribed, awaitingPayment, onCheckoutOpened }: PlanCardProps) {
  const { t } = useTranslation();
  const checkout = useCreateCheckoutSession();
  const { open: choose, error } = useProviderTab(checkout, {
    waitingText: t('billing.plans.opening'),
    urlOf: ({ checkoutSessionUrl }) => checkoutSessionUrl,
    errorMessage: (failure) => checkoutErrorMessage(failure, t),
    onOpened: onCheckoutOpened,
  });

  return (
    <Stack
      as="section"
      gap={3}
      className="card billing-plan"
      aria-labelledby="billing-plan-title"
      data-current={subscribed || undefined}
      data-testid="billing-plan"
    >
      <div className="billing-plan__head cluster-between">
        <h3 id="billing-plan-title" className="billing-plan__name">
          {t('billing.plans.monthly.name')}
        </h3>
        {subscribed ? (
          <Badge tone="success" icon={<CircleCheck />} testId="billing-plan-current">
            {t('billing.plans.current')}
          </Badge>
        ) : null}
      </div>
      <p className="billing-plan__price">
        <span className="billing-plan__amount">{t('billing.plans.monthly.price')}</span>{' '}
        <span className="billing-plan__vat">{t('billing.plans.monthly.vat')}</span>
      </p>
      <p className="billing-plan__text">{t('billing.plans.monthly.description')}</p>
      {subscribed ? (
        <p className="billing-plan__text">{t('billing.plans.subscribed')}</p>
      ) : (
        <>
          {error ? <Alert tone="error" title={error} testId="billing-checkout-error" /> : null}
          {awaitingPayment ? (
            <Alert tone="info" title={t('billing.plans.continueInTab')} testId="billing-pending-payment" />
          ) : null}
          <BusyButton
            className="button button--primary button--block"
            busy={checkout.isPending}
            aria-describedby="billing-new-tab-note"
            onClick={choose}
          >
            {checkout.isPending ? t('billing.plans.opening') : t('billing.plans.monthly.choose')}
            <ExternalLink aria-hidden="true" size={16} />
          </BusyButton>
        </>
      )}
    </Stack>
  );
}
