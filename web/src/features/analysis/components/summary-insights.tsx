/**
 * The insights summary on /analysis/{id} (ADR 0012), under the time per task: number
 * tiles for every task together and the SUS (ADR 0015); per task the success rate (adjusted-Wald
 * 95% interval), the mean SEQ (95% t-interval) and the median time on task once (every attempt;
 * the rest is in the CSV), each with its n; the SUS mean with its interval and grade; two small
 * charts with their values written; the per-task CSV (the per-entry one, 'Exportar
 * CSV', is in the section's header above, whose CSV gained the answers). Every number is the summary
 * endpoint's: below 3 answers it sends no interval, and none is shown.
 */
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Table, type Column } from '@/components/ui/table';
import { WideTable } from '@/components/ui/wide-table';
import { API_BASE_PATH } from '@/config/constants';
import { FigureTiles } from '@/components/figures/figure-tiles';
import { formatInterval, formatMean, formatRate, formatTime, type Figure } from '@/components/figures/figure-format';
import { TaskCharts } from '@/components/figures/task-charts';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';
import '@/features/analysis/summary-insights.css';
import { apiPaths } from '@/lib/api-paths';
import { useTeamRole } from '@/components/session/use-team-role';

type SummaryTask = AnalysisSummaryResponse['tasks'][number];

/** Whether there is anything of ADR 0012 to show: the analysis asks, or answers exist. */
export function hasInsights(summary: AnalysisSummaryResponse): boolean {
  // Read defensively: a summary from before ADR 0012 has none of these fields.
  const { settings, sus, tasks } = summary as Partial<AnalysisSummaryResponse>;
  return Boolean(
    settings?.taskQuestions ||
    settings?.sus ||
    (sus && sus.n > 0) ||
    tasks?.some((task) => task.success?.n > 0 || task.seq?.n > 0),
  );
}

/** A figure, its interval when there is one, and its n: '80 %', 'IC 95 %: 36 %–98 %', 'n = 5'. */
function FigureCell({
  value,
  interval,
  n,
}: {
  value: string;
  interval: { low: string; high: string } | null;
  n: number;
}) {
  const { t } = useTranslation();
  return (
    <span className="insight-figure">
      <span className="insight-figure__value">{value}</span>
      {interval ? <span className="insight-figure__interval">{t('insights.interval', interval)}</span> : null}
      <span className="insight-figure__n">{t('insights.n', { n })}</span>
    </span>
  );
}

/** The median time on task of every attempt that reached it, and its n: one figure, one line. */
function TimeCell({ medianMs, n }: { medianMs: number | null; n: number }) {
  const { t } = useTranslation();
  return (
    <span className="insight-figure">
      <span className="insight-figure__value">{formatTime(medianMs)}</span>
      <span className="insight-figure__n">{t('insights.n', { n })}</span>
    </span>
  );
}

export function SummaryInsights({ analysisId, summary }: { analysisId: string; summary: AnalysisSummaryResponse }) {
  const { t, i18n } = useTranslation();
  const { canResearch } = useTeamRole();
  const language = i18n.language;
  const rate = (value: Figure) => formatRate(value, language);
  const mean = (value: Figure) => formatMean(value, language);

  const columns: Column<SummaryTask>[] = [
    {
      key: 'task',
      header: t('insights.columns.task'),
      primary: true,
      cell: (task) => `${task.taskNumber}. ${task.taskContent}`,
    },
    {
      key: 'success',
      header: t('insights.columns.success'),
      cell: (task) => (
        <FigureCell
          value={rate(task.success.rate)}
          interval={formatInterval(task.success.low, task.success.high, rate)}
          n={task.success.n}
        />
      ),
    },
    {
      key: 'seq',
      header: t('insights.columns.seq'),
      cell: (task) => (
        <FigureCell
          value={mean(task.seq.mean)}
          interval={formatInterval(task.seq.low, task.seq.high, mean)}
          n={task.seq.n}
        />
      ),
    },
    {
      key: 'time',
      header: t('insights.columns.time'),
      cell: (task) => <TimeCell medianMs={task.timeAll.medianMs} n={task.timeAll.n} />,
    },
  ];

  const sus = summary.sus;
  const susInterval = formatInterval(sus.low, sus.high, mean);

  return (
    <section className="analysis-section insights" aria-labelledby="insights-title" data-testid="insights-summary">
      <div className="insights__head">
        <h3 id="insights-title">{t('insights.title')}</h3>
        <p className="insights__intro">{t('insights.intro')}</p>
        {canResearch ? (
          <p className="insights__downloads">
            <a
              className="button button--ghost"
              href={`${API_BASE_PATH}${apiPaths.analysisExportTasks(analysisId)}`}
              download
              data-testid="export-tasks"
            >
              <Download aria-hidden="true" size={18} />
              {t('insights.exportTasks')}
            </a>
          </p>
        ) : null}
      </div>

      <FigureTiles overall={summary.overall} sus={sus} settings={summary.settings} />

      <WideTable stackBelow="md">
        <Table
          caption={t('insights.tableCaption')}
          columns={columns}
          rows={summary.tasks}
          rowKey={(task) => String(task.taskNumber)}
          testId="insights-tasks"
        />
      </WideTable>

      <TaskCharts tasks={summary.tasks} />

      <section className="insights__sus" aria-labelledby="insights-sus-title" data-testid="insights-sus">
        <h4 id="insights-sus-title">{t('insights.sus.title')}</h4>
        {sus.n === 0 ? (
          <p>{t('insights.sus.none')}</p>
        ) : (
          <dl className="facts">
            <div>
              <dt>{t('insights.sus.mean')}</dt>
              <dd>
                <FigureCell value={mean(sus.mean)} interval={susInterval} n={sus.n} />
              </dd>
            </div>
            <div>
              <dt>{t('insights.sus.grade')}</dt>
              <dd>
                <span className="insight-figure__value" data-testid="sus-grade">
                  {sus.grade ?? '—'}
                </span>{' '}
                <span className="insight-figure__n">{t('insights.sus.scale')}</span>
              </dd>
            </div>
          </dl>
        )}
      </section>
    </section>
  );
}
