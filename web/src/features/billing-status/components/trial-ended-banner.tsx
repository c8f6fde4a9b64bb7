/**
 * The yellow 'Trial ended' banner of the signed-in shell (product §2): shown only once billing says
 * there is no active subscription, and never on the billing screens themselves.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { usePaidStatus } from '@/lib/billing-status';
import '@/features/billing-status/billing-status.css';

export function TrialEndedBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { paid } = usePaidStatus();
  const onBilling = pathname === paths.user.billing || pathname.startsWith(`${paths.user.billing}/`);
  // Unknown (loading, or billing unreachable) shows nothing: the server enforces the gate anyway.
  if (paid !== false || onBilling) return null;

  return (
    <section className="trial-banner cluster-between" aria-label={t('trial.title')} data-testid="trial-ended-banner">
      <div className="trial-banner__text">
        <h2 className="trial-banner__title">{t('trial.title')}</h2>
        <p className="trial-banner__body">{t('trial.body')}</p>
      </div>
      <Link to={paths.user.billing} className="button trial-banner__action">
        {t('trial.choosePlan')}
      </Link>
    </section>
  );
}
