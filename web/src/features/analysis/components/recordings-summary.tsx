/**
 * Assisted analysis on /analysis/{id}, below the participations: per task the median time and the
 * range (min–max) across submitted recordings; per recording its length, its note count and
 * 'Analizar' (the entry page); and 'Exportar CSV', both tables on the shared Table. Without submitted recordings it shows nothing (the
 * participations table already says 'Aún no hay participantes') or one line while some are in
 * progress. Its one request, GET /api/v1/analysis/{id}/summary, lives here with it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Download, ScanSearch } from 'lucide-react';
import { WideTable } from '@/components/ui/wide-table';
import { SectionHeader } from '@/components/ui/section-header';
import { Table, type Column } from '@/components/ui/table';
import { errorStatus } from '@/components/form';
import { API_BASE_PATH } from '@/config/constants';
import { paths } from '@/config/paths';
import { analysisQueryKey } from '@/features/analysis/api/query-keys';
import { formatDateTime } from '@/features/analysis/lib/format';
import { get } from '@/lib/api-client';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';

type SummaryTask = AnalysisSummaryResponse['tasks'][number];
type SummaryEntry = AnalysisSummaryResponse['entries'][number];

/** Under the analysis' own key, so every refresh of the analysis refreshes its summary too. */
export const summaryQueryOptions = (analysisId: string) =>
  queryOptions({
    queryKey: [...analysisQueryKey(analysisId), 'summary'] as const,
    queryFn: ({ signal }) =>
      get<AnalysisSummaryResponse>(`/analysis/${encodeURIComponent(analysisId)}/summary`, { signal }),
  });

/** A length of time as mm:ss (h:mm:ss past an hour), rounded to the second; '—' when unknown. */
export function formatSpan(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  const total = Math.round(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const rest = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

export function RecordingsSummary({ analysis }: { analysis: AnalysisDto }) {
  const { t, i18n } = useTranslation();
  const entries = analysis.AnalysisEntries ?? [];
  const hasSubmitted = entries.some((entry) => entry.status === 'submitted');
  const summary = useQuery({ ...summaryQueryOptions(analysis.id), enabled: hasSubmitted });

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
      label: t('summary.columns.task'),
      primary: true,
      cell: (task) => `${task.taskNumber}. ${task.taskContent}`,
    },
    { key: 'median', header: t('summary.columns.median'), label: t('summary.columns.median'), numeric: true, cell: (task) => formatSpan(task.medianMs) },
    {
      key: 'range',
      header: t('summary.columns.range'),
      label: t('summary.columns.range'),
      numeric: true,
      cell: (task) =>
        task.minMs === null || task.maxMs === null
          ? '—'
          : t('summary.rangeValue', { min: formatSpan(task.minMs), max: formatSpan(task.maxMs) }),
    },
    { key: 'entries', header: t('summary.columns.entries'), label: t('summary.columns.entries'), numeric: true, cell: (task) => Number(task.entries) },
  ];
  const entryColumns: Column<SummaryEntry>[] = [
    {
      key: 'id',
      header: t('summary.columns.id'),
      label: t('summary.columns.id'),
      primary: true,
      cell: (entry) => <code className="code">{entry.id}</code>,
    },
    {
      key: 'submitted',
      header: t('summary.columns.submitted'),
      label: t('summary.columns.submitted'),
      cell: (entry) =>
        entry.submittedAt === null ? (
          '—'
        ) : (
          <time dateTime={new Date(entry.submittedAt).toISOString()}>{formatDateTime(entry.submittedAt, i18n.language)}</time>
        ),
    },
    { key: 'duration', header: t('summary.columns.duration'), label: t('summary.columns.duration'), numeric: true, cell: (entry) => formatSpan(entry.durationMs) },
    { key: 'notes', header: t('summary.columns.notes'), label: t('summary.columns.notes'), numeric: true, cell: (entry) => Number(entry.noteCount) },
    {
      key: 'actions',
      header: t('summary.columns.actions'),
      label: t('summary.columns.actions'),
      actions: true,
      cell: (entry) => (
        <Link to={paths.entry(entry.id)} className="button button--ghost button--sm">
          <ScanSearch aria-hidden="true" size={16} />
          {t('summary.analyze')}
          <span className="visually-hidden"> {t('summary.analyzeContext', { id: entry.id })}</span>
        </Link>
      ),
    },
  ];

  return (
    <section className="analysis-section" aria-labelledby="recordings-summary-title" data-testid="recordings-summary">
      <SectionHeader
        title={t('summary.title')}
        titleId="recordings-summary-title"
        description={t('summary.intro')}
        actions={
          <a
            className="button button--ghost"
            href={`${API_BASE_PATH}/analysis/${encodeURIComponent(analysis.id)}/export`}
            download
          >
            <Download aria-hidden="true" size={18} />
            {t('summary.export')}
          </a>
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
          <h3 id="recordings-summary-entries">{t('summary.entriesTitle')}</h3>
          <WideTable stackBelow="lg">
            <Table
              caption={t('summary.entriesTitle')}
              columns={entryColumns}
              rows={summary.data.entries}
              rowKey={(entry) => entry.id}
              testId="summary-entries"
            />
          </WideTable>
        </>
      )}
    </section>
  );
}
