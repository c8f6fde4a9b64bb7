/**
 * Frame of the local (test-mode) payment pages, /billing/checkout/:sessionId and /billing/portal:
 * the shell's session check (redirect to /auth/login without one) but no side navigation, as on a
 * payment provider's page, and a test-mode notice that stays on screen.
 */
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FlaskConical } from 'lucide-react';
import { LanguageSwitch } from '@/components/language-switch';
import { Badge } from '@/components/ui/badge';
import { SiteHeader } from '@/components/site-header';
import { SessionGate } from '@/components/session/session-gate';
import { paths } from '@/config/paths';
import '@/features/billing/billing.css';

export function BillingTestModeLayout() {
  return <SessionGate>{() => <TestModeFrame />}</SessionGate>;
}

function TestModeFrame() {
  const { t } = useTranslation();
  return (
    <div className="page page--focused billing-test-mode">
      <SiteHeader home={paths.dashboard} minimal>
        <span className="billing-test-badge">
          <Badge tone="warning" icon={<FlaskConical />}>
            {t('billing.testMode.badge')}
          </Badge>
        </span>
        <LanguageSwitch />
      </SiteHeader>
      <main id="main" className="page__main container container--narrow">
        <p className="billing-test-notice" data-testid="billing-test-mode">
          {t('billing.testMode.notice')}
        </p>
        <Outlet />
      </main>
    </div>
  );
}
