/**
 * A summary's two per-task charts, success rate and SEQ, each bar with its 95 % interval and its
 * value written beside it: the same on the analysis page and on a share link's summary (ADR 0015).
 * Each chart's text alternative is one sentence per task.
 */
import { useTranslation } from 'react-i18next';
import { formatInterval, formatMean, formatRate } from '@/components/figures/figure-format';
import { SummaryChart } from '@/components/figures/summary-chart';
import type { MeanDto } from '@/lib/api-types/MeanDto';
import type { ProportionDto } from '@/lib/api-types/ProportionDto';

/** What the charts read of a task (both summaries' task rows have it). */
interface ChartTask {
  taskNumber: number;
  success: ProportionDto;
  seq: MeanDto;
}

/** One of a task's figures as a chart reads it: the estimate and its 95 % interval. */
interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

export function TaskCharts({ tasks }: { tasks: ChartTask[] }) {
  const { t, i18n } = useTranslation();
  const rate = (value: number | null) => formatRate(value, i18n.language);
  const mean = (value: number | null) => formatMean(value, i18n.language);
  const label = (task: ChartTask) => t('insights.charts.taskLabel', { number: task.taskNumber });
  // A chart's bars and its text alternative (one sentence per task), from the figure it shows.
  const chart = (figure: (task: ChartTask) => Estimate, format: (value: number | null) => string) => ({
    description: tasks
      .map((task) => {
        const { value, low, high, n } = figure(task);
        const interval = formatInterval(low, high, format);
        return t('insights.charts.item', {
          number: task.taskNumber,
          value: format(value),
          n,
          interval: interval ? ` (${t('insights.interval', interval)})` : '',
        });
      })
      .join(' '),
    bars: tasks.map((task) => {
      const { value, low, high } = figure(task);
      return { label: label(task), value, low, high, valueLabel: format(value) };
    }),
  });
  return (
    <div className="summary-charts">
      <SummaryChart
        title={t('insights.charts.success')}
        {...chart((task) => ({ ...task.success, value: task.success.rate }), rate)}
        min={0}
        max={1}
        minLabel={rate(0)}
        maxLabel={rate(1)}
        testId="chart-success"
      />
      <SummaryChart
        title={t('insights.charts.seq')}
        {...chart((task) => ({ ...task.seq, value: task.seq.mean }), mean)}
        min={1}
        max={7}
        minLabel={`1 ${t('questions.seq.low')}`}
        maxLabel={`7 ${t('questions.seq.high')}`}
        testId="chart-seq"
      />
    </div>
  );
}
