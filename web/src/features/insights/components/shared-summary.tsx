/** The analysis summary as a share link shows it: per task, success, ease and time with n; and the SUS. */
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/features/entries/lib/time';
import type { SharedSummaryDto } from '@/lib/api-types/SharedSummaryDto';

export function SharedSummary({ summary }: { summary: SharedSummaryDto }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const none = t('entry.unknown');
  return (
    <section aria-labelledby="shared-summary-title" className="shared-summary">
      <h2 id="shared-summary-title">{t('clips.shared.summaryTitle', { count: summary.submitted })}</h2>
      <div className="shared-summary__table">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('clips.shared.task')}</th>
              <th scope="col">{t('clips.shared.success')}</th>
              <th scope="col">{t('clips.shared.seq')}</th>
              <th scope="col">{t('clips.shared.time')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.tasks.map((task) => (
              <tr key={task.taskNumber}>
                <th scope="row">
                  {t('clips.taskN', { number: task.taskNumber })}: {task.taskContent}
                </th>
                <td>
                  {task.success.rate === null ? none : percent.format(task.success.rate)} <span className="text-note">(n = {task.success.n})</span>
                </td>
                <td>
                  {task.seq.mean === null ? none : decimal.format(task.seq.mean)} <span className="text-note">(n = {task.seq.n})</span>
                </td>
                <td>
                  {task.timeAll.medianMs === null ? none : formatDuration(task.timeAll.medianMs)} <span className="text-note">(n = {task.timeAll.n})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {summary.settings.sus ? (
        <p>
          {t('clips.shared.sus', { score: summary.sus.mean === null ? none : decimal.format(summary.sus.mean), grade: summary.sus.grade ?? none, n: summary.sus.n })}
        </p>
      ) : null}
    </section>
  );
}
