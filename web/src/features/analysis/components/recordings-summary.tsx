/**
 * Assisted analysis on /analysis/{id}, below the participations: per task the median time and the
 * range (min–max) across submitted recordings, and 'Exportar CSV'. Each recording's length and
 * notes are in the participations table above (one list, not two). Without submitted recordings
 * it shows nothing (the participations table already says 'Aún no hay participantes') or one line
 * while some are in progress.
 */
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { WideTable } from '@/components/ui/wide-table';
import { SectionHeader } from '@/components/ui/section-header';
import { Table, type Column } from '@/components/ui/table';
import { errorStatus } from '@/components/form';
import { API_BASE_PATH } from '@/config/constants';
import { useSummary } from '@/features/analysis/api/get-summary';
import { hasInsights, SummaryInsights } from '@/features/analysis/components/summary-insights';
import { formatSpan } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';
import { apiPaths } from '@/lib/api-paths';
import { useTeamRole } from '@/components/session/use-team-role';

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
        actions={
          // Exports are a researcher's (ADR 0019).
          canResearch ? (
            <a
              className="button button--ghost"
              href={`${API_BASE_PATH}${apiPaths.analysisExport(analysis.id)}`}
              download
            >
              <Download aria-hidden="true" size={18} />
              {t('summary.export')}
            </a>
          ) : undefined
        }
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
          <h3 id="recordings-summary-tasks">{t('summary.tasksTitle')}</h3>
          <WideTable stackBelow="md">
            <Table
              caption={t('summary.tasksTitle')}
              columns={taskColumns}
              rows={summary.data.tasks}
              rowKey={(task) => String(task.taskNumber)}
              testId="summary-tasks"
            />
          </WideTable>
          {hasInsights(summary.data) ? <SummaryInsights analysisId={analysis.id} summary={summary.data} /> : null}
        </>
      )}
    </section>
  );
}
