/**
 * The 'Resultados' tab's figures (issue 45): under the section's head, with the tab's one CSV
 * control ('Exportar CSV', both exports), the number tiles when the analysis asks questions or
 * the SUS (ADR 0015), then result cards: the time per task, shown once (median, range min–max and
 * n across submitted recordings), and the usability metrics and the SUS (SummaryInsights). Each
 * recording's length and notes are in 'Participantes'. Without submitted recordings it shows
 * nothing (the participations table already says 'Aún no hay participantes') or one line while
 * some are in progress.
 */
import { useTranslation } from 'react-i18next';
import { WideTable } from '@/components/ui/wide-table';
import { SectionHeader } from '@/components/ui/section-header';
import { Table, type Column } from '@/components/ui/table';
import { errorStatus } from '@/components/form';
import { FigureTiles } from '@/components/figures/figure-tiles';
import { useSummary } from '@/features/analysis/api/get-summary';
import { ExportMenu } from '@/features/analysis/components/export-menu';
import { hasInsights, SummaryInsights } from '@/features/analysis/components/summary-insights';
import { formatSpan } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';
import { useTeamRole } from '@/components/session/use-team-role';
import '@/features/analysis/summary-insights.css';

type SummaryTask = AnalysisSummaryResponse['tasks'][number];

export function RecordingsSummary({ analysis }: { analysis: AnalysisDto }) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const entries = analysis.AnalysisEntries ?? [];
  const hasSubmitted = entries.some((entry) => entry.status === 'submitted');
  const summary = useSummary(analysis.id, hasSubmitted);

  if (entries.length === 0) return null;
  if (!hasSubmitted || (summary.isSuccess && summary.data.entries.length === 0)) {
    return (
      <p className="card card--snug" data-testid="recordings-summary-empty">
        {t('summary.empty')}
      </p>
    );
  }
  // 404: the analysis itself is gone or not ours, which the page already says.
  if (summary.isError && errorStatus(summary.error) === 404) return null;

  const taskColumns: Column<SummaryTask>[] = [
    {
      key: 'task',
      header: t('summary.columns.task'),
      primary: true,
      cell: (task) => `${task.taskNumber}. ${task.taskContent}`,
    },
    { key: 'median', header: t('summary.columns.median'), numeric: true, cell: (task) => formatSpan(task.medianMs) },
    {
      key: 'range',
      header: t('summary.columns.range'),
      numeric: true,
      cell: (task) =>
        task.minMs === null || task.maxMs === null
          ? '—'
          : t('summary.rangeValue', { min: formatSpan(task.minMs), max: formatSpan(task.maxMs) }),
    },
    { key: 'entries', header: t('summary.columns.entries'), numeric: true, cell: (task) => Number(task.entries) },
  ];

  return (
    <section className="analysis-section" aria-labelledby="recordings-summary-title" data-testid="recordings-summary">
      <SectionHeader
        title={t('summary.title')}
        titleId="recordings-summary-title"
        description={t('summary.intro')}
        // Exports are a researcher's (ADR 0019).
        actions={canResearch ? <ExportMenu analysisId={analysis.id} /> : undefined}
      />
      {summary.isPending ? (
        <p role="status">{t('summary.loading')}</p>
      ) : summary.isError ? (
        <p>
          {t('summary.loadError')}{' '}
          <button type="button" className="button button--ghost" onClick={() => void summary.refetch()}>
            {t('summary.retry')}
          </button>
        </p>
      ) : (
        <>
          {hasInsights(summary.data) ? (
            <FigureTiles overall={summary.data.overall} sus={summary.data.sus} settings={summary.data.settings} />
          ) : null}
          <section
            className="results-card card card--snug"
            aria-labelledby="recordings-summary-tasks"
            data-testid="task-times"
          >
            <h3 id="recordings-summary-tasks" className="results-card__title">
              {t('summary.tasksTitle')}
            </h3>
            <p className="text-note">{t('summary.tasksIntro')}</p>
            <WideTable stackBelow="md">
              <Table
                caption={t('summary.tasksTitle')}
                columns={taskColumns}
                rows={summary.data.tasks}
                rowKey={(task) => String(task.taskNumber)}
                testId="summary-tasks"
              />
            </WideTable>
          </section>
          {hasInsights(summary.data) ? <SummaryInsights summary={summary.data} /> : null}
        </>
      )}
    </section>
  );
}
