/**
 * The insights summary on the 'Resultados' tab (ADR 0012, issue 45), under the time per task: two
 * result cards like the panel questions' (heading, figure, interval, n). 'Métricas de usabilidad':
 * per task the success rate (adjusted-Wald 95% interval) and the mean SEQ (95% t-interval), each
 * with its n, and their two charts (the time on task is the card above, once). 'Cuestionario
 * SUS': the mean score as the card's figure, its interval and n, the grade on the Sauro–Lewis
 * scale, and the mean drawn on 0–100 like a scale question's. Every number is the summary
 * endpoint's: below 3 answers it sends no interval, and none is shown. The number tiles and the
 * CSV exports are RecordingsSummary's.
 */
import { useTranslation } from 'react-i18next';
import { Table, type Column } from '@/components/ui/table';
import { WideTable } from '@/components/ui/wide-table';
import { formatInterval, formatMean, formatRate, type Figure } from '@/components/figures/figure-format';
import { SummaryChart } from '@/components/figures/summary-chart';
import { TaskCharts } from '@/components/figures/task-charts';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';
import type { SusSummaryDto } from '@/lib/api-types/SusSummaryDto';
import '@/features/analysis/summary-insights.css';

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

/** The SUS as a result card: its figure, interval and n, the grade, and the mean on 0–100. */
function SusCard({ sus }: { sus: SusSummaryDto }) {
  const { t, i18n } = useTranslation();
  const mean = (value: Figure) => formatMean(value, i18n.language);
  const interval = formatInterval(sus.low, sus.high, mean);
  return (
    <section className="results-card card card--snug" aria-labelledby="insights-sus-title" data-testid="insights-sus">
      <h3 id="insights-sus-title" className="results-card__title">
        {t('insights.sus.title')}
        {sus.n > 0 ? (
          <>
            {' '}
            <span className="results-card__n">{t('insights.n', { n: sus.n })}</span>
          </>
        ) : null}
      </h3>
      {sus.n === 0 || sus.mean === null ? (
        <p>{t('insights.sus.none')}</p>
      ) : (
        <>
          <p className="results-card__figure">
            <span className="results-card__value" data-testid="sus-figure">
              {mean(sus.mean)}
            </span>{' '}
            <span className="results-card__unit">{t('insights.sus.of')}</span>
          </p>
          <p className="results-card__details">
            {interval ? <span>{t('insights.interval', interval)}</span> : null}
            <span>
              {t('insights.sus.grade')}{' '}
              <strong className="results-card__grade" data-testid="sus-grade">
                {sus.grade ?? '—'}
              </strong>{' '}
              <span className="text-note">({t('insights.sus.scale')})</span>
            </span>
          </p>
          <SummaryChart
            title={t('insights.sus.chart')}
            description={t('insights.sus.description', {
              mean: mean(sus.mean),
              interval: interval ? ` (${t('insights.interval', interval)})` : '',
              n: sus.n,
            })}
            bars={[
              {
                label: t('insights.sus.chartLabel'),
                value: sus.mean,
                low: sus.low,
                high: sus.high,
                valueLabel: mean(sus.mean),
              },
            ]}
            min={0}
            max={100}
            minLabel="0"
            maxLabel="100"
            testId="chart-sus"
          />
        </>
      )}
    </section>
  );
}

export function SummaryInsights({ summary }: { summary: AnalysisSummaryResponse }) {
  const { t, i18n } = useTranslation();
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
  ];

  return (
    <div className="insights" data-testid="insights-summary">
      <section className="results-card card card--snug" aria-labelledby="insights-title">
        <h3 id="insights-title" className="results-card__title">
          {t('insights.title')}
        </h3>
        <p className="text-note">{t('insights.intro')}</p>
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
      </section>
      <SusCard sus={summary.sus} />
    </div>
  );
}
