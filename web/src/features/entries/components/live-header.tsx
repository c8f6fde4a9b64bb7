/**
 * The top of the live view (issue 45), on the shared PageHeader like the recorded player's: the
 * way back to the analysis's 'Participantes' tab, the heading with the 'En directo' badge, who is
 * on screen ('Participante N') and in which analysis, and the task they are on. The analysis is
 * read from the one the socket's snapshot names; until it arrives, the facts wait.
 */
import { useTranslation } from 'react-i18next';
import { Radio } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useEntryAnalysis } from '@/features/entries/api/get-entry-analysis';

interface LiveHeaderProps {
  entryId: string;
  analysisId: string | null;
  /** 'Tarea 2 de 3', or that the tasks have not started. */
  task: string;
}

export function LiveHeader({ entryId, analysisId, task }: LiveHeaderProps) {
  const { t } = useTranslation();
  const analysis = useEntryAnalysis(analysisId ?? undefined).data?.analysisData;
  const participant = analysis?.AnalysisEntries?.find((entry) => entry.id === entryId)?.participantNumber;
  return (
    <PageHeader
      titleId="live-title"
      title={t('live.title')}
      back={
        analysisId && analysis
          ? // Back to the tab the live view is opened from (the analysis page's `?tab=`).
            {
              to: `${paths.analysis.detail(analysisId)}?tab=participants`,
              label: t('entry.back', { name: analysis.name }),
            }
          : undefined
      }
      subtitle={
        <div className="live-view__meta">
          <span className="live-badge">
            <Radio size={16} aria-hidden="true" />
            {t('live.badge')}
          </span>
          <dl className="entry-facts">
            {participant ? (
              <div>
                <dt>{t('entry.participant')}</dt>
                <dd data-testid="live-participant">{t('entry.participantN', { number: participant })}</dd>
              </div>
            ) : null}
            {analysis ? (
              <div>
                <dt>{t('entry.analysis')}</dt>
                <dd data-testid="live-analysis">{analysis.name}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('live.taskLabel')}</dt>
              <dd className="live-view__task" data-testid="live-task" aria-live="polite">
                {task}
              </dd>
            </div>
          </dl>
        </div>
      }
    />
  );
}
