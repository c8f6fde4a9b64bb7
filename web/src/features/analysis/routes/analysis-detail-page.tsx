/**
 * /analysis/{id}: one analysis (product §2), plus editing, closing or reopening and deleting it. An
 * unknown id, or someone else's, answers 404: 'Análisis no encontrado'. Under a sticky header (name,
 * status, invite link) the page is in tabs, each with its own address (`?tab=`, issue 45):
 * 'Resumen' (the facts, the tasks and the study's settings), 'Participantes' (the participations
 * and the search over their transcripts, ADR 0018), 'Resultados' (the AI's themes across the
 * participations, issue 47; task times, figures and the panel's answers), 'Notas y clips' and
 * 'Compartir' (the insights feature's, passed in by app/routes.tsx). Every panel stays mounted, so
 * a tab's state survives a switch.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Alert } from '@/components/alert';
import { LoadingBlock } from '@/components/ui/loading-block';
import { Tabs, type TabSelection } from '@/components/ui/tabs';
import { errorStatus, serverMessage, validationMessages } from '@/components/form';
import { useTeamRole } from '@/components/session/use-team-role';
import { paths } from '@/config/paths';
import { useAnalysis } from '@/features/analysis/api/get-analysis';
import { useUpdateAnalysis } from '@/features/analysis/api/update-analysis';
import { AnalysisActions, type Notice } from '@/features/analysis/components/analysis-actions';
import { AnalysisForm } from '@/features/analysis/components/analysis-form';
import { AnalysisHeader, InviteLinks } from '@/features/analysis/components/analysis-header';
import { AnalysisSummary } from '@/features/analysis/components/analysis-summary';
import { ParticipationsTable } from '@/features/analysis/components/participations-table';
import { RecordingsSummary } from '@/features/analysis/components/recordings-summary';
import { StudyResults } from '@/features/analysis/components/study-results';
import { ThemesSection } from '@/features/analysis/components/themes-section';
import { TranscriptSearchSection } from '@/features/analysis/components/transcript-search-section';
import { analysisFormFrom } from '@/features/analysis/lib/analysis-form';
import { ANALYSIS_TABS, searchForTab, tabFromSearch, type AnalysisTab } from '@/features/analysis/lib/analysis-tabs';
import { studyFormFrom } from '@/features/analysis/lib/study-form';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import { markSeen } from '@/lib/seen-recordings';
// The back link looks like every screen's (PageHeader's), without the rest of PageHeader.
import '@/components/ui/page-header.css';
import '@/features/analysis/analysis.css';

/** Renders the insights feature's part of a tab: 'Notas y clips', or the share links of 'Compartir'. */
export type RenderInsights = (analysis: AnalysisDto, part: 'clips' | 'shares' | 'sessions') => ReactNode;

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
  const [search, setSearch] = useSearchParams();
  const update = useUpdateAnalysis(analysis.id);
  const tab = tabFromSearch(search);
  // What the dashboard counts as new starts again from here (and from each refresh while open).
  const submitted = Number(analysis._count.AnalysisEntries);
  useEffect(() => markSeen(analysis.id, submitted), [analysis.id, submitted]);
  // A new history entry per tab, so back and forward move between them; the scroll stays put. A walk
  // along the tabs with the arrow keys makes one entry, not one per tab passed: each key press after
  // the first replaces the entry the walk made (marked in the entry's state).
  const { state } = useLocation();
  const selectTab = (next: AnalysisTab, how: TabSelection) => {
    const walking = how === 'keys' && (state as { tabByKeys?: boolean } | null)?.tabByKeys === true;
    setSearch(searchForTab(search, next), {
      preventScrollReset: true,
      replace: walking,
      state: how === 'keys' ? { tabByKeys: true } : null,
    });
  };

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
  const entries = analysis.AnalysisEntries ?? [];
  const hasSubmitted = entries.some((entry) => entry.status === 'submitted');
  const panels: Record<AnalysisTab, ReactNode> = {
    summary: (
      <section className="card card--snug" aria-label={t('analysis.detail.facts')}>
        <AnalysisSummary analysis={analysis} />
      </section>
    ),
    participants: (
      <div className="analysis-tab">
        <ParticipationsTable analysis={analysis} />
        {hasSubmitted ? <TranscriptSearchSection analysisId={analysis.id} /> : null}
      </div>
    ),
    results: (
      <div className="analysis-tab">
        {hasSubmitted ? <ThemesSection analysisId={analysis.id} entries={entries} /> : null}
        <RecordingsSummary analysis={analysis} />
        {analysis.panel ? <StudyResults analysis={analysis} /> : null}
        {entries.length === 0 ? (
          <p className="card card--snug" data-testid="results-empty">
            {t('analysis.detail.noResults')}
          </p>
        ) : null}
      </div>
    ),
    notes: renderInsights?.(analysis, 'clips'),
    share: <ShareTab analysis={analysis} renderInsights={renderInsights} />,
  };

  return (
    <article className="analysis-detail content--wide" aria-labelledby="analysis-title">
      <div className="analysis-detail__top">
        <Link to={paths.dashboard} className="page-header__back">
          <ArrowLeft aria-hidden="true" size={16} />
          {t('analysis.detail.backToDashboard')}
        </Link>
        {editing ? null : <AnalysisActions analysis={analysis} onEdit={startEditing} onNotice={setNotice} />}
      </div>
      <AnalysisHeader analysis={analysis} />
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
        <Tabs
          label={t('analysis.tabs.label')}
          className="analysis-tabs"
          selected={tab}
          onSelect={selectTab}
          items={ANALYSIS_TABS.map((key) => ({ key, label: t(`analysis.tabs.${key}`), panel: panels[key] }))}
        />
      )}
    </article>
  );
}

/** 'Compartir': who to send the invite link to (it is in the header), and the share links. */
function ShareTab({ analysis, renderInsights }: { analysis: AnalysisDto; renderInsights?: RenderInsights }) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  return (
    <div className="analysis-tab">
      <section className="card card--snug" aria-labelledby="share-invite-title">
        <h2 id="share-invite-title">{t('analysis.share.inviteTitle')}</h2>
        <p>{t('analysis.share.inviteBody')}</p>
        <InviteLinks analysis={analysis} />
        {analysis.panel ? <p className="text-note">{t('analysis.header.panelHint')}</p> : null}
      </section>
      {renderInsights?.(analysis, 'sessions')}
      {canResearch ? renderInsights?.(analysis, 'shares') : <p className="text-note">{t('analysis.share.observer')}</p>}
    </div>
  );
}
