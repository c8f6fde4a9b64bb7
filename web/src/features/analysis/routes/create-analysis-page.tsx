/**
 * /analysis/create: the analysis form (spec §2, §5). Without an active subscription it sends the user
 * back to /dashboard; after creating, the 'Éxito' modal counts down and then goes to /dashboard.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { serverMessage, validationMessages } from '@/components/form';
import { paths } from '@/config/paths';
import { useCreateAnalysis } from '@/features/analysis/api/create-analysis';
import { AnalysisForm } from '@/features/analysis/components/analysis-form';
import { SuccessModal } from '@/features/analysis/components/success-modal';
import { emptyAnalysisForm } from '@/features/analysis/lib/analysis-form';
import { usePaidStatus } from '@/features/billing-status';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';
import '@/features/analysis/analysis.css';

export function CreateAnalysisPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { paid, isPending } = usePaidStatus();
  const create = useCreateAnalysis();
  const [created, setCreated] = useState(false);
  const toDashboard = useCallback(() => void navigate(paths.dashboard), [navigate]);

  // Unknown (billing unreachable) keeps the form: the server refuses with 402 if need be.
  if (paid === false && !created) return <Navigate to={paths.dashboard} replace />;
  if (isPending) {
    return (
      <div className="analysis-loading" role="status">
        <span className="page-loader__spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
    );
  }

  const submit = async (request: AnalysisRequest) => {
    await create.mutateAsync(request);
    setCreated(true);
  };

  const failure = create.isError ? serverMessage(create.error) ?? t('analysis.form.createFailed') : null;
  const details = create.isError ? validationMessages(create.error).filter((line) => line !== failure) : [];

  return (
    <section className="card card--snug analysis-card analysis-create" aria-labelledby="create-analysis-title">
      <Link to={paths.dashboard} className="analysis-back">
        <span aria-hidden="true">←</span> {t('analysis.create.back')}
      </Link>
      <h1 id="create-analysis-title">{t('analysis.create.title')}</h1>
      <p className="analysis-create__intro">{t('analysis.create.intro')}</p>
      {failure ? <Alert tone="error" title={failure} details={details} testId="create-analysis-error" /> : null}
      <AnalysisForm
        defaultValues={emptyAnalysisForm()}
        onSubmit={submit}
        submitLabel={t('analysis.form.submit')}
        busyLabel={t('analysis.form.submitting')}
        labelledBy="create-analysis-title"
      />
      {created ? <SuccessModal onDone={toDashboard} /> : null}
    </section>
  );
}
