/**
 * The dashboard's table of analyses (spec §2). Below 72rem (phones, tablets, small laptops, where
 * the side nav also takes room) each row becomes a card: cells stack beside their column name (data-label), so
 * nothing scrolls sideways. Wider, it is a table inside a region that scrolls rather than clips.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyInviteButton } from '@/components/copy-invite-button';
import { paths } from '@/config/paths';
import { deviceKey, formatShortDate, participantsRatio, statusKey } from '@/features/dashboard/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

export function AnalysesTable({ analyses }: { analyses: readonly AnalysisDto[] }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const columns = {
    title: t('dashboard.columns.title'),
    url: t('dashboard.columns.url'),
    device: t('dashboard.columns.device'),
    participants: t('dashboard.columns.participants'),
    status: t('dashboard.columns.status'),
    date: t('dashboard.columns.date'),
    actions: t('dashboard.columns.actions'),
  };

  return (
    <div className="analyses-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="analyses-table">
        <caption id={captionId} className="visually-hidden">
          {t('dashboard.tableCaption')}
        </caption>
        <thead>
          <tr>
            {Object.values(columns).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {analyses.map((analysis) => (
            <tr key={analysis.id} data-testid="analysis-row" data-analysis-id={analysis.id}>
              <th scope="row" data-label={columns.title} className="analyses-table__name">
                {analysis.name}
              </th>
              <td data-label={columns.url} className="analyses-table__url">
                <span title={analysis.url}>{analysis.url}</span>
              </td>
              <td data-label={columns.device}>{t(deviceKey(analysis.device))}</td>
              <td data-label={columns.participants}>{participantsRatio(analysis)}</td>
              <td data-label={columns.status}>
                <span className="status-badge" data-status={analysis.status === 'published' ? 'published' : 'completed'}>
                  {t(statusKey(analysis.status))}
                </span>
              </td>
              <td data-label={columns.date}>
                <time dateTime={new Date(analysis.created_at).toISOString()}>
                  {formatShortDate(analysis.created_at, i18n.language)}
                </time>
              </td>
              <td data-label={columns.actions}>
                <div className="analyses-table__actions">
                  <Link to={paths.analysis.detail(analysis.id)} className="button button--ghost">
                    {t('dashboard.details')}{' '}
                    <span className="visually-hidden">{t('dashboard.detailsContext', { name: analysis.name })}</span>
                  </Link>
                  <CopyInviteButton analysisId={analysis.id} context={analysis.name} compact />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
