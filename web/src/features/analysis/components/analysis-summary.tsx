/**
 * The facts of one analysis (product §2 Analysis detail) on the 'Resumen' tab: id, URL, device,
 * creation, participants, scenario, tasks, and everything else that shapes the study (StudySetup).
 * The invite link is in the page's sticky header.
 */
import { useTranslation } from 'react-i18next';
import { ExternalLink, Monitor, Smartphone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { StudySetup } from '@/features/analysis/components/study-setup';
import { deviceKey, formatDateTime, participantCounts, visibleScenario } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

export function AnalysisSummary({ analysis }: { analysis: AnalysisDto }) {
  const { t, i18n } = useTranslation();
  const scenario = visibleScenario(analysis.scenario);
  const { submitted, max } = participantCounts(analysis);

  return (
    <>
      <dl className="analysis-facts facts">
        <div>
          <dt>{t('analysis.detail.id')}</dt>
          <dd>
            <code data-testid="analysis-id">{analysis.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('analysis.detail.url')}</dt>
          <dd>
            <a href={analysis.url} target="_blank" rel="noopener noreferrer" className="analysis-facts__url">
              {analysis.url} <span className="visually-hidden">{t('analysis.detail.opensInNewTab')}</span>
              <ExternalLink aria-hidden="true" size={14} className="analysis-facts__url-icon" />
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('analysis.detail.device')}</dt>
          <dd>
            <Badge tone="info" icon={analysis.device === 'mobile' ? <Smartphone /> : <Monitor />}>
              {t(deviceKey(analysis.device))}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>{t('analysis.detail.created')}</dt>
          <dd>
            <time dateTime={new Date(analysis.created_at).toISOString()}>
              {formatDateTime(analysis.created_at, i18n.language)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('analysis.detail.participants')}</dt>
          <dd data-testid="analysis-participants">{t('analysis.detail.participantsValue', { submitted, max })}</dd>
        </div>
        {scenario ? (
          <div className="analysis-facts__wide">
            <dt>{t('analysis.detail.scenario')}</dt>
            <dd className="analysis-facts__scenario">{scenario}</dd>
          </div>
        ) : null}
      </dl>
      <section className="analysis-section" aria-labelledby="analysis-tasks-title">
        <h2 id="analysis-tasks-title">{t('analysis.detail.tasks')}</h2>
        <ol className="analysis-tasks" data-testid="analysis-tasks">
          {analysis.tasks.map((task) => (
            <li key={task.id}>{task.taskContent}</li>
          ))}
        </ol>
      </section>
      {/* What the study asks of participants, which the results depend on (ADR 0015, 0017). */}
      <StudySetup analysis={analysis} />
    </>
  );
}
