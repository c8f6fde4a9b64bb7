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

export function TaskCharts({ tasks }: { tasks: ChartTask[] }) {
  const { t, i18n } = useTranslation();
  const rate = (value: number | null) => formatRate(value, i18n.language);
  const mean = (value: number | null) => formatMean(value, i18n.language);
  const label = (task: ChartTask) => t('insights.charts.taskLabel', { number: task.taskNumber });
  const describe = (figure: (task: ChartTask) => { value: string; interval: { low: string; high: string } | null; n: number }) =>
    tasks
      .map((task) => {
        const { value, interval, n } = figure(task);
        return t('insights.charts.item', { number: task.taskNumber, value, n, interval: interval ? ` (${t('insights.interval', interval)})` : '' });
      })
      .join(' ');
  return (
    <div className="summary-charts">
      <SummaryChart
        title={t('insights.charts.success')}
        description={describe((task) => ({ value: rate(task.success.rate), interval: formatInterval(task.success.low, task.success.high, rate), n: task.success.n }))}
        bars={tasks.map((task) => ({ label: label(task), value: task.success.rate, low: task.success.low, high: task.success.high, valueLabel: rate(task.success.rate) }))}
        min={0}
        max={1}
        minLabel={rate(0)}
        maxLabel={rate(1)}
        testId="chart-success"
      />
      <SummaryChart
        title={t('insights.charts.seq')}
        description={describe((task) => ({ value: mean(task.seq.mean), interval: formatInterval(task.seq.low, task.seq.high, mean), n: task.seq.n }))}
        bars={tasks.map((task) => ({ label: label(task), value: task.seq.mean, low: task.seq.low, high: task.seq.high, valueLabel: mean(task.seq.mean) }))}
        min={1}
        max={7}
        minLabel={`1 ${t('questions.seq.low')}`}
        maxLabel={`7 ${t('questions.seq.high')}`}
        testId="chart-seq"
      />
    </div>
  );
}
