/**
 * The 'Resumen' tab of the entry page (ADR 0021): the participation's AI summary, findings per
 * task, each with the quotes the server found in the transcript at their moment. A quote is a
 * button that seeks the player to where it was said. It says plainly what it is ('Generado por IA ·
 * revisa las citas'), how many findings the evidence check dropped ('2 hallazgos descartados: sin
 * cita verificable'), and its other states: no provider on this server, off for this analysis,
 * being made, failed. Researchers can make it again ('Regenerar'); observers read it. 'Descargar en
 * Markdown' writes it for a report, each quote a link to the player at its moment.
 */
import { useTranslation } from 'react-i18next';
import { Download, RefreshCw, Sparkles } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { useSummary } from '@/features/entries/api/get-summary';
import { useRegenerateSummary } from '@/features/entries/api/regenerate-summary';
import { summaryMarkdown } from '@/features/entries/lib/summary-markdown';
import { formatClock } from '@/lib/time';
import type { EntrySummaryResponse } from '@/lib/api-types/EntrySummaryResponse';
import { useTeamRole } from '@/components/session/use-team-role';
import '@/features/entries/summary.css';

interface Props {
  entryId: string;
  /** Load (and, while pending, poll) the summary; false until the tab is first opened. */
  load: boolean;
  /** The analysis's task texts, task 1 first, to title each task's findings. */
  tasks: readonly string[];
  onSeek: (ms: number) => void;
}

/** Size: the summary's five states and its findings share one answer and one 'Regenerar'. */
export function SummaryPanel({ entryId, load, tasks, onSeek }: Props) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const summary = useSummary(entryId, load);
  const regenerate = useRegenerateSummary(entryId);

  const state = (text: string) => (
    <p className="text-note" role="status" data-testid="summary-state">
      {text}
    </p>
  );

  const regenerateButton = (data: EntrySummaryResponse) =>
    canResearch && data.status !== 'pending' ? (
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => regenerate.mutate()}
        disabled={regenerate.isPending}
        data-testid="summary-regenerate"
      >
        <RefreshCw aria-hidden="true" size={16} />
        {t('aiSummary.regenerate')}
      </button>
    ) : null;

  const findings = (data: EntrySummaryResponse) => (
    <>
      {data.tasks.length === 0 && data.status === 'complete' ? state(t('aiSummary.none')) : null}
      {data.tasks.map((task) => (
        <section key={task.taskNumber} className="summary__task" aria-labelledby={`summary-task-${task.taskNumber}`}>
          <h3 id={`summary-task-${task.taskNumber}`}>
            {t('aiSummary.task', { number: task.taskNumber })}
            {tasks[task.taskNumber - 1] ? (
              <span className="summary__task-text">{tasks[task.taskNumber - 1]}</span>
            ) : null}
          </h3>
          <ul className="summary__findings">
            {task.findings.map((finding, i) => (
              <li key={i} className="summary__finding" data-testid="summary-finding">
                <p>{finding.text}</p>
                <ul className="summary__quotes">
                  {finding.quotes.map((quote, j) => (
                    <li key={j}>
                      <button
                        type="button"
                        className="summary__quote"
                        onClick={() => onSeek(quote.startMs)}
                        aria-label={t('aiSummary.quoteSeek', { time: formatClock(quote.startMs), text: quote.text })}
                        data-testid="summary-quote"
                      >
                        <span className="summary__quote-time">{formatClock(quote.startMs)}</span>
                        <q>{quote.text}</q>
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );

  const markdownLink = (data: EntrySummaryResponse) => {
    const markdown = summaryMarkdown(data, tasks, entryId, window.location.origin, {
      title: t('aiSummary.markdownTitle'),
      generatedByAi: t('aiSummary.generatedByAi'),
      dropped: data.droppedFindings > 0 ? t('aiSummary.dropped', { count: data.droppedFindings }) : null,
      task: (number) => t('aiSummary.task', { number }),
    });
    return (
      <a
        className="button button--ghost button--sm summary__download"
        href={`data:text/markdown;charset=utf-8,${encodeURIComponent(markdown)}`}
        download={`resumen-${entryId}.md`}
        data-testid="summary-markdown"
      >
        <Download aria-hidden="true" size={16} />
        {t('aiSummary.downloadMarkdown')}
      </a>
    );
  };

  const loaded = (data: EntrySummaryResponse) => {
    if (data.status === 'unavailable') return state(t('aiSummary.unavailable'));
    if (data.status === 'disabled') return state(t('aiSummary.disabled'));
    return (
      <>
        <div className="summary__toolbar">
          <p className="summary__ai" data-testid="summary-ai">
            <Sparkles aria-hidden="true" size={16} />
            {t('aiSummary.generatedByAi')}
          </p>
          {regenerateButton(data)}
        </div>
        {data.status === 'pending' ? state(t('aiSummary.working')) : null}
        {data.status === 'failed' ? state(t('aiSummary.failed')) : null}
        {data.droppedFindings > 0 ? (
          <p className="summary__dropped" data-testid="summary-dropped">
            {t('aiSummary.dropped', { count: data.droppedFindings })}
          </p>
        ) : null}
        {data.tasks.length > 0 ? markdownLink(data) : null}
        {regenerate.isError ? (
          <Alert
            tone="error"
            title={serverMessage(regenerate.error) ?? regenerate.error.message}
            testId="summary-regenerate-error"
          />
        ) : null}
        {findings(data)}
      </>
    );
  };

  const body = () => {
    if (summary.isPending) return state(t('aiSummary.loading'));
    if (summary.isError)
      return (
        <Alert
          tone="error"
          title={t('aiSummary.loadError', { message: serverMessage(summary.error) ?? summary.error.message })}
          testId="summary-error"
        >
          <button type="button" className="button button--ghost" onClick={() => void summary.refetch()}>
            {t('entry.retry')}
          </button>
        </Alert>
      );
    return loaded(summary.data);
  };

  return (
    <section
      className="entry-panel summary"
      aria-labelledby="summary-title"
      aria-busy={summary.isFetching || undefined}
      data-testid="summary-panel"
    >
      <h2 id="summary-title">{t('aiSummary.title')}</h2>
      {body()}
    </section>
  );
}
