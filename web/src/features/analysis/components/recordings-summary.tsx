/**
 * Assisted analysis on /analysis/{id}, below the participations: per task the median time and the
 * range (min–max) across submitted recordings; per recording its length, its note count and
 * 'Analizar' (the entry page); and 'Exportar CSV'. Without submitted recordings it shows nothing (the
 * participations table already says 'Aún no hay participantes') or one line while some are in
 * progress. Its one request, GET /api/v1/analysis/{id}/summary, lives here with it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorStatus } from '@/components/form';
import { API_BASE_PATH } from '@/config/constants';
import { paths } from '@/config/paths';
import { analysisQueryKey } from '@/features/analysis/api/query-keys';
import { formatDateTime } from '@/features/analysis/lib/format';
import { get } from '@/lib/api-client';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';

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
      <p className="card card--snug analysis-card" data-testid="recordings-summary-empty">
        {t('summary.empty')}
      </p>
    );
  }
  // 404: the analysis itself is gone or not ours, which the page already says.
  if (summary.isError && errorStatus(summary.error) === 404) return null;

  return (
    <section
      className="card card--snug analysis-card analysis-section"
      aria-labelledby="recordings-summary-title"
      data-testid="recordings-summary"
      // analysis.css has no layout for this section; a grid keeps the tables apart.
      style={{ display: 'grid', gap: 'var(--space-4)' }}
    >
      <div className="analysis-detail__header">
        <div>
          <h2 id="recordings-summary-title">{t('summary.title')}</h2>
          <p style={{ margin: 0 }}>{t('summary.intro')}</p>
        </div>
        <a
          className="button button--ghost"
          href={`${API_BASE_PATH}/analysis/${encodeURIComponent(analysis.id)}/export`}
          download
        >
          {t('summary.export')}
        </a>
      </div>
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
          <h3 id="recordings-summary-tasks" style={{ margin: 0 }}>{t('summary.tasksTitle')}</h3>
          <div className="table-scroll" role="region" aria-labelledby="recordings-summary-tasks" tabIndex={0}>
            <table className="participations-table" data-testid="summary-tasks">
              <thead>
                <tr>
                  <th scope="col">{t('summary.columns.task')}</th>
                  <th scope="col">{t('summary.columns.median')}</th>
                  <th scope="col">{t('summary.columns.range')}</th>
                  <th scope="col">{t('summary.columns.entries')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.data.tasks.map((task) => (
                  <tr key={task.taskNumber}>
                    <th scope="row">
                      {task.taskNumber}. {task.taskContent}
                    </th>
                    <td>{formatSpan(task.medianMs)}</td>
                    <td>
                      {task.minMs === null || task.maxMs === null
                        ? '—'
                        : t('summary.rangeValue', { min: formatSpan(task.minMs), max: formatSpan(task.maxMs) })}
                    </td>
                    <td>{Number(task.entries)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 id="recordings-summary-entries" style={{ margin: 'var(--space-4) 0 0' }}>{t('summary.entriesTitle')}</h3>
          <div className="table-scroll" role="region" aria-labelledby="recordings-summary-entries" tabIndex={0}>
            <table className="participations-table" data-testid="summary-entries">
              <thead>
                <tr>
                  <th scope="col">{t('summary.columns.id')}</th>
                  <th scope="col">{t('summary.columns.submitted')}</th>
                  <th scope="col">{t('summary.columns.duration')}</th>
                  <th scope="col">{t('summary.columns.notes')}</th>
                  <th scope="col">{t('summary.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <code>{entry.id}</code>
                    </td>
                    <td>
                      {entry.submittedAt === null ? (
                        '—'
                      ) : (
                        <time dateTime={new Date(entry.submittedAt).toISOString()}>
                          {formatDateTime(entry.submittedAt, i18n.language)}
                        </time>
                      )}
                    </td>
                    <td>{formatSpan(entry.durationMs)}</td>
                    <td>{Number(entry.noteCount)}</td>
                    <td>
                      <Link to={paths.entry(entry.id)} className="button button--ghost">
                        {t('summary.analyze')}
                        <span className="visually-hidden"> {t('summary.analyzeContext', { id: entry.id })}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
