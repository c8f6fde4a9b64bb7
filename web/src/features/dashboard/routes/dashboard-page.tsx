/**
 * /dashboard (and /user): the customer's analyses with a button to create one, which needs an
 * active subscription (spec §2). Loading spinner, error alert with a retry, and the empty state.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { usePaidStatus } from '@/features/billing-status';
import { useAnalyses } from '@/features/dashboard/api/get-analyses';
import { AnalysesTable } from '@/features/dashboard/components/analyses-table';
import { CreateAnalysisButton } from '@/features/dashboard/components/create-analysis-button';
import '@/features/dashboard/dashboard.css';

export function DashboardPage() {
  const { t } = useTranslation();
  const { paid } = usePaidStatus();
  const analyses = useAnalyses();

  let content;
  if (analyses.isPending) {
    content = (
      <div className="dashboard__loading" role="status">
        <span className="page-loader__spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('dashboard.loading')}</span>
      </div>
    );
  } else if (analyses.isError) {
    content = (
      <Alert tone="error" title={t('dashboard.loadError')}>
        <button type="button" className="button button--ghost" onClick={() => void analyses.refetch()}>
          {t('dashboard.retry')}
        </button>
      </Alert>
    );
  } else if (analyses.data.analyses.length === 0) {
    content = <p className="dashboard__empty">{t('dashboard.empty')}</p>;
  } else {
    content = <AnalysesTable analyses={analyses.data.analyses} />;
  }

  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <header className="dashboard__header">
        <div>
          <h1 id="dashboard-title">{t('dashboard.title')}</h1>
          <p className="dashboard__intro">{t('dashboard.intro')}</p>
        </div>
        <CreateAnalysisButton paid={paid} />
      </header>
      {content}
    </section>
  );
}
