/**
 * /dashboard (and /user): the customer's analyses with a button to create one, which needs an
 * active subscription (product §2). Loading spinner, error alert with a retry, and the empty state,
 * which then holds the one 'Crear nuevo análisis' of the screen. An observer of the team gets no
 * such button (ADR 0019: their role may not create analyses).
 */
import { useTranslation } from 'react-i18next';
import { FlaskConical } from 'lucide-react';
import { Alert } from '@/components/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingBlock } from '@/components/ui/loading-block';
import { PageHeader } from '@/components/ui/page-header';
import { useTeamRole } from '@/components/session/use-team-role';
import { usePaidStatus } from '@/lib/billing-status';
import { useAnalyses } from '@/features/dashboard/api/get-analyses';
import { AnalysesTable } from '@/features/dashboard/components/analyses-table';
import { CreateAnalysisButton } from '@/features/dashboard/components/create-analysis-button';
import '@/features/dashboard/dashboard.css';

export function DashboardPage() {
  const { t } = useTranslation();
  const { paid } = usePaidStatus();
  const analyses = useAnalyses();
  const { canResearch } = useTeamRole();
  const create = canResearch ? <CreateAnalysisButton paid={paid} /> : undefined;
  const empty = analyses.isSuccess && analyses.data.analyses.length === 0;

  let content;
  if (analyses.isPending) {
    content = <LoadingBlock label={t('dashboard.loading')} />;
  } else if (analyses.isError) {
    content = (
      <Alert tone="error" title={t('dashboard.loadError')}>
        <button type="button" className="button button--ghost" onClick={() => void analyses.refetch()}>
          {t('dashboard.retry')}
        </button>
      </Alert>
    );
  } else if (empty) {
    content = (
      <EmptyState icon={<FlaskConical />} title={t('dashboard.empty')} action={create} testId="dashboard-empty">
        <p>{t('dashboard.emptyHint')}</p>
      </EmptyState>
    );
  } else {
    content = <AnalysesTable analyses={analyses.data.analyses} />;
  }

  return (
    <section className="dashboard content--wide" aria-labelledby="dashboard-title">
      <PageHeader
        title={t('dashboard.title')}
        titleId="dashboard-title"
        subtitle={t('dashboard.intro')}
        // Not while loading (it may turn out empty) nor when empty (the empty state offers it).
        actions={analyses.isPending || empty ? undefined : create}
      />
      {content}
    </section>
  );
}
