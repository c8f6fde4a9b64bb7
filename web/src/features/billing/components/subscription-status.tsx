/**
 * The top of /user/billing (product §2): with an active subscription, a card with the green 'Activo'
 * badge and the subscription id, the workspace's paid seats and the next amount (ADR 0019); without
 * one, the gray 'Prueba finalizada' notice.
 */
import { useTranslation } from 'react-i18next';
import { CircleCheck, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Stack } from '@/components/ui/stack';
import { formatDate, formatMoney } from '@/features/billing/lib/format';
import type { SubscriptionDto } from '@/lib/api-types/SubscriptionDto';

interface SubscriptionStatusProps {
  paid: boolean;
  /** The first (active-first) subscription of GET /billing. */
  subscription: SubscriptionDto | undefined;
  /** Seats the workspace's members take (owner, admins, researchers). */
  seats: number;
  /** The next invoice in cents, while the subscription renews. */
  nextAmountCents: number | null;
}

export function SubscriptionStatus({ paid, subscription, seats, nextAmountCents }: SubscriptionStatusProps) {
  const { t, i18n } = useTranslation();

  if (!paid || !subscription) {
    return (
      <section className="billing-trial" aria-labelledby="billing-trial-title" data-testid="billing-trial-ended">
        <span className="billing-trial__icon" aria-hidden="true">
          <Clock size={22} />
        </span>
        <div>
          <h2 id="billing-trial-title" className="billing-trial__title">
            {t('billing.trialEnded.title')}
          </h2>
          <p className="billing-trial__text">{t('billing.trialEnded.body')}</p>
        </div>
      </section>
    );
  }

  const periodEnd = subscription.current_period_end;
  return (
    <Stack
      as="section"
      gap={4}
      className="card billing-card"
      aria-labelledby="billing-current-title"
      data-testid="billing-current-subscription"
    >
      <div className="billing-card__head cluster-between">
        <h2 id="billing-current-title" className="billing-card__title">
          {t('billing.current.title')}
        </h2>
        <Badge tone="success" icon={<CircleCheck />}>
          {t('billing.current.active')}
        </Badge>
      </div>
      <Stack as="dl" gap={3} className="billing-facts facts">
        <div>
          <dt>{t('billing.current.subscriptionId')}</dt>
          <dd className="code" data-testid="billing-subscription-id">
            {subscription.id}
          </dd>
        </div>
        <div>
          <dt>{t('billing.current.seats')}</dt>
          <dd data-testid="billing-seats">{t('billing.current.seatCount', { count: seats })}</dd>
        </div>
        {nextAmountCents !== null ? (
          <div>
            <dt>{t('billing.current.nextAmount')}</dt>
            <dd data-testid="billing-next-amount">{formatMoney(nextAmountCents, 'eur', i18n.language)}</dd>
          </div>
        ) : null}
      </Stack>
      <p className="billing-card__text">{t('billing.current.seatsNote')}</p>
      {periodEnd !== null ? (
        <p className="billing-card__text">
          {t(subscription.cancel_at_period_end ? 'billing.current.ends' : 'billing.current.renews', {
            date: formatDate(periodEnd, i18n.language),
          })}
        </p>
      ) : null}
    </Stack>
  );
}
