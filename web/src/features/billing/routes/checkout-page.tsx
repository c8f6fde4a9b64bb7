/**
 * /billing/checkout/:sessionId: the local test-mode checkout that POST /billing/checkout-session
 * points to when no real payment provider is configured. It shows the plan and pays or cancels the
 * session; the tab that opened it notices the new subscription when the user returns to it.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { BusyButton } from '@/components/ui/busy-button';
import { Stack } from '@/components/ui/stack';
import { useLocalCheckout } from '@/features/billing/api/get-local-checkout';
import { useCancelLocalCheckout, usePayLocalCheckout } from '@/features/billing/api/local-checkout-actions';
import { BackToBilling } from '@/features/billing/components/back-to-billing';
import { LoadingStatus } from '@/components/ui/loading-status';
import { billingErrorMessage } from '@/features/billing/lib/billing-error';
import { formatAmount } from '@/features/billing/lib/format';
import { isApiError } from '@/lib/api-client';
import type { LocalCheckoutDto } from '@/lib/api-types/LocalCheckoutDto';
import '@/features/billing/billing.css';

export function CheckoutPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const session = useLocalCheckout(sessionId);

  if (session.isPending) return <LoadingStatus label={t('billing.checkout.loading')} />;
  if (session.isError) {
    const notFound = isApiError(session.error) && session.error.status === 404;
    return (
      <Stack as="section" gap={4} className="card billing-card" aria-labelledby="checkout-title">
        <h1 id="checkout-title" className="billing-page__title">
          {notFound ? t('billing.checkout.notFound') : t('billing.checkout.title')}
        </h1>
        <Alert tone="error" title={notFound ? t('billing.checkout.notFound') : billingErrorMessage(session.error, t)}>
          {notFound ? <p>{t('billing.checkout.notFoundBody')}</p> : null}
        </Alert>
        <div>
          <BackToBilling label={t('billing.checkout.backToBilling')} />
        </div>
      </Stack>
    );
  }
  return <CheckoutSession session={session.data} />;
}

function CheckoutSession({ session }: { session: LocalCheckoutDto }) {
  const { t, i18n } = useTranslation();
  const pay = usePayLocalCheckout(session.id);
  const cancel = useCancelLocalCheckout(session.id);
  const busy = pay.isPending || cancel.isPending;

  // What the user just did wins over the refreshed session status (which then says 'complete').
  let outcome: { tone: 'success' | 'info'; title: string; body: string } | null = null;
  if (pay.isSuccess)
    outcome = { tone: 'success', title: t('billing.checkout.paid'), body: t('billing.checkout.paidBody') };
  else if (cancel.isSuccess)
    outcome = { tone: 'info', title: t('billing.checkout.canceled'), body: t('billing.checkout.canceledBody') };
  else if (session.status === 'complete')
    outcome = { tone: 'info', title: t('billing.checkout.alreadyComplete'), body: t('billing.checkout.closeTab') };
  else if (session.status !== 'open')
    outcome = { tone: 'info', title: t('billing.checkout.alreadyCanceled'), body: t('billing.checkout.closeTab') };

  const failure = pay.error ?? cancel.error;

  return (
    <Stack as="section" gap={4} className="card billing-card billing-checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="billing-page__title">
        {t('billing.checkout.title')}
      </h1>

      <div className="billing-checkout__summary" role="group" aria-label={t('billing.checkout.summary')}>
        <p className="billing-plan__name">{t('billing.plans.monthly.name')}</p>
        <p className="billing-plan__price">
          <span className="billing-plan__amount">{t('billing.plans.monthly.price')}</span>{' '}
          <span className="billing-plan__vat">{t('billing.plans.monthly.vat')}</span>
        </p>
      </div>

      {outcome ? (
        <>
          <Alert tone={outcome.tone} title={outcome.title} autoFocus testId="checkout-outcome">
            <p>{outcome.body}</p>
          </Alert>
          <div>
            <BackToBilling label={t('billing.checkout.backToBilling')} />
          </div>
        </>
      ) : (
        <>
          {failure ? <Alert tone="error" title={billingErrorMessage(failure, t)} testId="checkout-error" /> : null}
          <div className="billing-checkout__actions cluster">
            <BusyButton
              className="button button--primary"
              busy={pay.isPending}
              blocked={busy}
              onClick={() => pay.mutate()}
            >
              {pay.isPending
                ? t('billing.checkout.paying')
                : t('billing.checkout.pay', { amount: formatAmount(session.amountCents, i18n.language) })}
            </BusyButton>
            <BusyButton
              className="button button--ghost"
              busy={cancel.isPending}
              blocked={busy}
              onClick={() => cancel.mutate()}
            >
              {cancel.isPending ? t('billing.checkout.canceling') : t('billing.checkout.cancel')}
            </BusyButton>
          </div>
        </>
      )}
    </Stack>
  );
}
