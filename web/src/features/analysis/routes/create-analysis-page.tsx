/**
 * /analysis/create: the analysis form (product §2, §5) in the narrow form width. Without an active
 * subscription it sends the user back to /dashboard; after creating, the 'Éxito' dialog counts down
 * and then goes to /dashboard, or straight to the new analysis with 'Ir al análisis'.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { serverMessage, validationMessages } from '@/components/form';
import { LoadingBlock } from '@/components/ui/loading-block';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useCreateAnalysis } from '@/features/analysis/api/create-analysis';
import { AnalysisForm } from '@/features/analysis/components/analysis-form';
import { SuccessModal } from '@/features/analysis/components/success-modal';
import { emptyAnalysisForm } from '@/features/analysis/lib/analysis-form';
import { usePaidStatus } from '@/lib/billing-status';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';
import '@/features/analysis/analysis.css';

export function CreateAnalysisPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { paid, isPending } = usePaidStatus();
  const create = useCreateAnalysis();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const toDashboard = useCallback(() => void navigate(paths.dashboard), [navigate]);

  // Unknown (billing unreachable) keeps the form: the server refuses with 402 if need be.
  if (paid === false && createdId === null) return <Navigate to={paths.dashboard} replace />;
  if (isPending) {
    return <LoadingBlock label={t('app.loading')} />;
  }

  const submit = async (request: AnalysisRequest) => {
    const { analysisData } = await create.mutateAsync(request);
    setCreatedId(analysisData.id);
  };

  const failure = create.isError ? (serverMessage(create.error) ?? t('analysis.form.createFailed')) : null;
  const details = create.isError ? validationMessages(create.error).filter((line) => line !== failure) : [];

  return (
    <div className="content--narrow">
      <PageHeader
        title={t('analysis.create.title')}
        titleId="create-analysis-title"
        subtitle={t('analysis.create.intro')}
        back={{ to: paths.dashboard, label: t('analysis.create.back') }}
      />
      <section className="card card--snug analysis-create" aria-labelledby="create-analysis-title">
        {failure ? <Alert tone="error" title={failure} details={details} testId="create-analysis-error" /> : null}
        <AnalysisForm
          defaultValues={emptyAnalysisForm()}
          onSubmit={submit}
          submitLabel={t('analysis.form.submit')}
          busyLabel={t('analysis.form.submitting')}
          labelledBy="create-analysis-title"
        />
      </section>
      {createdId !== null ? (
        <SuccessModal onDone={toDashboard} onOpen={() => void navigate(paths.analysis.detail(createdId))} />
      ) : null}
    </div>
  );
}
