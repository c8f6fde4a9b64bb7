/**
 * The analysis summary as a share link shows it, a read-only report with the researcher's own
 * figures (ADR 0015): the number tiles, the study's settings, per task success, ease and time with
 * n, and the two charts. The design system's Table, so on a phone each task is a card instead of a
 * table wider than the screen.
 */
import { useTranslation } from 'react-i18next';
import { FigureTiles } from '@/components/figures/figure-tiles';
import { StudySettings } from '@/components/figures/study-settings';
import { TaskCharts } from '@/components/figures/task-charts';
import { Stack } from '@/components/ui/stack';
import { Table, type Column } from '@/components/ui/table';
import { formatDuration } from '@/lib/time';
import type { SharedSummaryDto } from '@/lib/api-types/SharedSummaryDto';
import type { TaskSummaryDto } from '@/lib/api-types/TaskSummaryDto';

export function SharedSummary({ summary }: { summary: SharedSummaryDto }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const none = t('entry.unknown');
  // '(n = 3)' never breaks inside, even in a phone's narrow card column (issue 45).
  const withN = (value: string, n: number) => (
    <>
      {value}{' '}
      <span className="text-note shared-summary__n" data-testid="shared-summary-n">
        {`(n\u00a0=\u00a0${n})`}
      </span>
    </>
  );
  const columns: Column<TaskSummaryDto>[] = [
    {
      key: 'task',
      header: t('clips.shared.task'),
      primary: true,
      cell: (task) => `${t('clips.taskN', { number: task.taskNumber })}: ${task.taskContent}`,
    },
    {
      key: 'success',
      header: t('clips.shared.success'),
      cell: (task) => withN(task.success.rate === null ? none : percent.format(task.success.rate), task.success.n),
    },
    {
      key: 'seq',
      header: t('clips.shared.seq'),
      cell: (task) => withN(task.seq.mean === null ? none : decimal.format(task.seq.mean), task.seq.n),
    },
    {
      key: 'time',
      header: t('clips.shared.time'),
      cell: (task) =>
        withN(task.timeAll.medianMs === null ? none : formatDuration(task.timeAll.medianMs), task.timeAll.n),
    },
  ];
  const title = t('clips.shared.summaryTitle', { count: summary.submitted });
  return (
    <Stack as="section" gap={4} aria-labelledby="shared-summary-title" className="shared-summary">
      <h2 id="shared-summary-title">{title}</h2>
      <StudySettings settings={summary.settings} />
      <FigureTiles overall={summary.overall} sus={summary.sus} settings={summary.settings} />
      <Table
        caption={title}
        columns={columns}
        rows={summary.tasks}
        rowKey={(task) => String(task.taskNumber)}
        testId="shared-summary-table"
      />
      <TaskCharts tasks={summary.tasks} />
    </Stack>
  );
}
