/**
 * /analysis/{id}: one analysis with its tasks and participations (product §2), plus editing, closing or
 * reopening and deleting it. An unknown id, or someone else's, answers 404: 'Análisis no encontrado'.
 * Wide content: PageHeader (back to the dashboard, name, status, actions), the facts, then the tables,
 * the search over the recordings' transcripts (ADR 0018) and the insights (another feature's section, passed in by app/routes.tsx).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CircleCheck, CircleDot } from 'lucide-react';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/ui/badge';
import { LoadingBlock } from '@/components/ui/loading-block';
import { PageHeader } from '@/components/ui/page-header';
import { errorStatus, serverMessage, validationMessages } from '@/components/form';
import { paths } from '@/config/paths';
import { useAnalysis } from '@/features/analysis/api/get-analysis';
import { useUpdateAnalysis } from '@/features/analysis/api/update-analysis';
import { AnalysisActions, type Notice } from '@/features/analysis/components/analysis-actions';
import { AnalysisForm } from '@/features/analysis/components/analysis-form';
import { AnalysisSummary } from '@/features/analysis/components/analysis-summary';
import { ParticipationsTable } from '@/features/analysis/components/participations-table';
import { RecordingsSummary } from '@/features/analysis/components/recordings-summary';
import { StudyResults } from '@/features/analysis/components/study-results';
import { TranscriptSearchSection } from '@/features/analysis/components/transcript-search-section';
import { analysisFormFrom } from '@/features/analysis/lib/analysis-form';
import { studyFormFrom } from '@/features/analysis/lib/study-form';
import { isPublished } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import '@/features/analysis/analysis.css';

/** Renders the insights section (notes, reels, shares) under the tables. */
export type RenderInsights = (analysis: AnalysisDto) => ReactNode;

export function AnalysisDetailPage({ renderInsights }: { renderInsights?: RenderInsights }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const analysis = useAnalysis(id);

  if (analysis.isPending) {
    return <LoadingBlock label={t('analysis.detail.loading')} />;
  }
  if (analysis.isError) {
    if (errorStatus(analysis.error) === 404) {
      return (
        <section
          className="card card--snug content--narrow analysis-not-found"
          aria-labelledby="analysis-not-found-title"
        >
          <h1 id="analysis-not-found-title">{t('analysis.detail.notFound')}</h1>
          <p>{t('analysis.detail.notFoundBody')}</p>
          <Link to={paths.dashboard} className="button button--primary">
            {t('analysis.detail.backToDashboard')}
          </Link>
        </section>
      );
    }
    return (
      <Alert tone="error" title={t('analysis.detail.loadError')}>
        <button type="button" className="button button--ghost" onClick={() => void analysis.refetch()}>
          {t('analysis.detail.retry')}
        </button>
      </Alert>
    );
  }
  return <AnalysisDetail analysis={analysis.data.analysisData} renderInsights={renderInsights} />;
}

function AnalysisDetail({ analysis, renderInsights }: { analysis: AnalysisDto; renderInsights?: RenderInsights }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const update = useUpdateAnalysis(analysis.id);
  const published = isPublished(analysis.status);

  const startEditing = () => {
    setNotice(null);
    update.reset();
    setEditing(true);
  };

  const save = async (request: Parameters<typeof update.mutateAsync>[0]) => {
    await update.mutateAsync(request);
    setEditing(false);
    setNotice({ tone: 'success', text: t('analysis.detail.saved') });
  };

  const saveFailure = update.isError ? (serverMessage(update.error) ?? t('analysis.form.saveFailed')) : null;
  const saveDetails = update.isError ? validationMessages(update.error).filter((line) => line !== saveFailure) : [];

  return (
    <article className="analysis-detail content--wide" aria-labelledby="analysis-title">
      <PageHeader
        back={{ to: paths.dashboard, label: t('analysis.detail.backToDashboard') }}
        title={analysis.name}
        titleId="analysis-title"
        subtitle={
          <Badge
            tone={published ? 'success' : 'neutral'}
            icon={published ? <CircleDot /> : <CircleCheck />}
            testId="analysis-status"
          >
            <span className="visually-hidden">{t('analysis.detail.status')}: </span>
            {published ? t('analysis.detail.statusPublished') : t('analysis.detail.statusCompleted')}
          </Badge>
        }
        actions={
          editing ? undefined : <AnalysisActions analysis={analysis} onEdit={startEditing} onNotice={setNotice} />
        }
      />
      {notice ? <Alert tone={notice.tone} title={notice.text} testId="analysis-notice" /> : null}
      {editing ? (
        <section className="card card--snug content--narrow" aria-labelledby="analysis-edit-title">
          <h2 id="analysis-edit-title">{t('analysis.detail.editTitle')}</h2>
          {saveFailure ? <Alert tone="error" title={saveFailure} details={saveDetails} /> : null}
          <AnalysisForm
            defaultValues={analysisFormFrom(analysis)}
            study={studyFormFrom(analysis)}
            hasParticipations={(analysis.AnalysisEntries ?? []).length > 0}
            onSubmit={save}
            submitLabel={t('analysis.form.save')}
            busyLabel={t('analysis.form.saving')}
            labelledBy="analysis-edit-title"
            secondaryActions={
              <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
                {t('analysis.form.cancel')}
              </button>
            }
          />
        </section>
      ) : (
        <>
          <section className="card card--snug" aria-label={t('analysis.detail.facts')}>
            <AnalysisSummary analysis={analysis} />
          </section>
          <ParticipationsTable analysis={analysis} />
          <RecordingsSummary analysis={analysis} />
          {analysis.panel ? <StudyResults analysis={analysis} /> : null}
          {(analysis.AnalysisEntries ?? []).some((entry) => entry.status === 'submitted') ? (
            <TranscriptSearchSection analysisId={analysis.id} />
          ) : null}
          {renderInsights?.(analysis)}
        </>
      )}
    </article>
  );
}
