/**
 * The dashboard's table of analyses (product §2 columns) on the shared Table: the title links to the
 * analysis, the URL is shortened in the middle with the whole URL in a tooltip, the actions sit
 * inline with icons; a badge after the title counts the recordings new since the last visit. Under 640 px each row is a card; between that and a wide screen the table
 * scrolls inside its box rather than widening the page.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck, CircleDot, Eye } from 'lucide-react';
import { CopyInviteButton } from '@/components/copy-invite-button';
import { Badge } from '@/components/ui/badge';
import { WideTable } from '@/components/ui/wide-table';
import { Table, type Column } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { deviceKey, formatShortDate, participantsRatio, splitUrl, statusKey } from '@/features/dashboard/lib/format';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import { newSinceLastVisit } from '@/lib/seen-recordings';

export function AnalysesTable({ analyses }: { analyses: readonly AnalysisDto[] }) {
  const { t, i18n } = useTranslation();

  const columns: Column<AnalysisDto>[] = [
    {
      key: 'title',
      header: t('dashboard.columns.title'),
      primary: true,
      className: 'analyses-table__title',
      cell: (analysis) => <AnalysisTitle analysis={analysis} />,
    },
    {
      key: 'url',
      header: t('dashboard.columns.url'),
      className: 'analyses-table__url',
      cell: (analysis) => <ShortUrl url={analysis.url} newTab={t('dashboard.opensInNewTab')} />,
    },
    {
      key: 'device',
      header: t('dashboard.columns.device'),
      cell: (analysis) => <span className="value-word">{t(deviceKey(analysis.device))}</span>,
    },
    {
      key: 'participants',
      header: t('dashboard.columns.participants'),
      numeric: true,
      cell: (analysis) => participantsRatio(analysis),
    },
    {
      key: 'status',
      header: t('dashboard.columns.status'),
      cell: (analysis) =>
        analysis.status === 'published' ? (
          <Badge tone="success" icon={<CircleDot />}>
            <span className="value-word">{t(statusKey(analysis.status))}</span>
          </Badge>
        ) : (
          <Badge icon={<CircleCheck />}>
            <span className="value-word">{t(statusKey(analysis.status))}</span>
          </Badge>
        ),
    },
    {
      key: 'date',
      header: t('dashboard.columns.date'),
      numeric: true,
      cell: (analysis) => (
        <time dateTime={new Date(analysis.created_at).toISOString()}>
          {formatShortDate(analysis.created_at, i18n.language)}
        </time>
      ),
    },
    {
      key: 'actions',
      header: t('dashboard.columns.actions'),
      actions: true,
      cell: (analysis) => (
        <div className="analyses-table__actions">
          <Link to={paths.analysis.detail(analysis.id)} className="button button--ghost button--sm">
            <Eye aria-hidden="true" size={16} />
            {t('dashboard.details')}{' '}
            <span className="visually-hidden">{t('dashboard.detailsContext', { name: analysis.name })}</span>
          </Link>
          <CopyInviteButton analysisId={analysis.id} context={analysis.name} compact className="button--sm" />
        </div>
      ),
    },
  ];

  return (
    <WideTable stackBelow="lg">
      <Table
        caption={t('dashboard.tableCaption')}
        columns={columns}
        rows={[...analyses]}
        rowProps={(analysis) => ({ 'data-testid': 'analysis-row', 'data-analysis-id': analysis.id })}
        testId="analyses-table"
      />
    </WideTable>
  );
}

/**
 * The analysis's name, linking to it, and how many recordings came in since it was last opened in
 * this browser ('2 nuevas'), so a researcher sees where to look first (issue 45).
 */
function AnalysisTitle({ analysis }: { analysis: AnalysisDto }) {
  const { t } = useTranslation();
  const fresh = newSinceLastVisit(analysis.id, Number(analysis._count.AnalysisEntries));
  return (
    <span className="analyses-table__name">
      <Link to={paths.analysis.detail(analysis.id)}>{analysis.name}</Link>
      {fresh > 0 ? (
        <Badge tone="info" testId="new-recordings">
          {t('dashboard.newRecordings', { count: fresh })}
          <span className="visually-hidden"> {t('dashboard.newRecordingsContext', { count: fresh })}</span>
        </Badge>
      ) : null}
    </span>
  );
}

/** The analysed site's URL, opening in a new tab, shortened in the middle; the tooltip has all of it. */
function ShortUrl({ url, newTab }: { url: string; newTab: string }) {
  const { head, tail, query } = splitUrl(url);
  return (
    <Tooltip content={url} block>
      {(trigger) => (
        <a href={url} target="_blank" rel="noopener noreferrer" className="short-url" {...trigger}>
          <span className="short-url__head">{head}</span>
          {tail ? <span className="short-url__tail">{tail}</span> : null}
          {query ? <span className="short-url__query">{query}</span> : null}
          <span className="visually-hidden"> {newTab}</span>
        </a>
      )}
    </Tooltip>
  );
}
