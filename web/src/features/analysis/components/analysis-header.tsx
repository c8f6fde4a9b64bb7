/**
 * The analysis page's sticky header (issue 45): the name (the page's <h1>), the status and the
 * invite link written out with a copy button, so whoever is deep in a tab can still see which
 * study this is and hand out its link. A panel study (ADR 0017) also shows the link in the form a
 * panel needs, ending in `?pid=` (its own parameter name), which the panel completes with each
 * participant's id. Each link stays on one line, shortened with '…' where it must be (the whole
 * link is its title and is what the button copies), so the header never widens a 360 px screen
 * nor grows tall; on a phone the copy buttons show only their icon.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleDot } from 'lucide-react';
import { CopyInviteButton, inviteLink } from '@/components/copy-invite-button';
import { Badge } from '@/components/ui/badge';
import { isPublished } from '@/features/analysis/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import '@/features/analysis/analysis-header.css';

/** What a panel's invite link ends in: the participant id goes after `?<param>=`. */
const panelSuffix = (pidParam: string) => `?${encodeURIComponent(pidParam)}=`;

/** The invite link a panel is given. */
export const panelInviteLink = (analysisId: string, pidParam: string, origin?: string) =>
  `${inviteLink(analysisId, origin)}${panelSuffix(pidParam)}`;

/**
 * One link written out, in three pieces that shrink in turn when the line is short: first the
 * address before the id ('https://…/participate/' becomes 'ht…'), then the id; the panel's ending
 * ('?PROLIFIC_PID=') never, so the two links stay told apart on a phone.
 */
function LinkRow({
  label,
  analysisId,
  suffix = '',
  testId,
  children,
}: {
  label: string;
  analysisId: string;
  suffix?: string;
  testId: string;
  children: ReactNode;
}) {
  const link = `${inviteLink(analysisId)}${suffix}`;
  const prefix = inviteLink(analysisId).slice(0, -analysisId.length);
  return (
    <div className="analysis-header__link">
      <span className="analysis-header__link-label">{label}</span>
      <code className="analysis-header__link-text" title={link} data-testid={testId}>
        <span className="analysis-header__link-start">{prefix}</span>
        <span className="analysis-header__link-id">{analysisId}</span>
        {suffix ? <span className="analysis-header__link-end">{suffix}</span> : null}
      </code>
      {children}
    </div>
  );
}

/** The invite link, and for a panel study its `?pid=` form, each written out with a copy button. */
export function InviteLinks({ analysis }: { analysis: AnalysisDto }) {
  const { t } = useTranslation();
  const pidParam = analysis.panel?.pidParam;
  return (
    <>
      <LinkRow label={t('analysis.detail.invite')} analysisId={analysis.id} testId="analysis-invite-link">
        <CopyInviteButton analysisId={analysis.id} compact className="button--sm" />
      </LinkRow>
      {pidParam ? (
        <LinkRow
          label={t('analysis.header.panelLink')}
          analysisId={analysis.id}
          suffix={panelSuffix(pidParam)}
          testId="analysis-panel-link"
        >
          <CopyInviteButton
            analysisId={analysis.id}
            compact
            className="button--sm"
            link={panelInviteLink(analysis.id, pidParam)}
            describe={t('analysis.header.panelLinkCopy', { param: pidParam })}
          />
        </LinkRow>
      ) : null}
    </>
  );
}

export function AnalysisHeader({ analysis }: { analysis: AnalysisDto }) {
  const { t } = useTranslation();
  const published = isPublished(analysis.status);
  return (
    <header className="analysis-header" data-testid="analysis-header">
      <div className="analysis-header__title">
        <h1 id="analysis-title" className="analysis-header__name">
          {analysis.name}
        </h1>
        <Badge
          tone={published ? 'success' : 'neutral'}
          icon={published ? <CircleDot /> : <CircleCheck />}
          testId="analysis-status"
        >
          <span className="visually-hidden">{t('analysis.detail.status')}: </span>
          <span className="value-word">
            {published ? t('analysis.detail.statusPublished') : t('analysis.detail.statusCompleted')}
          </span>
        </Badge>
      </div>
      <InviteLinks analysis={analysis} />
    </header>
  );
}
