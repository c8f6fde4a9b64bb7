/**
 * 'Actividad' on the 'Equipo' page, for the owner and admins (ADR 0019): the team's log, newest
 * first, filtered by member and by kind (labelled native selects), a page at a time, with
 * 'Exportar CSV' for the same filters. The page line is announced when it changes; a change of
 * filter goes back to the first page.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { LoadingBlock } from '@/components/ui/loading-block';
import { Pagination } from '@/components/ui/pagination';
import { SectionHeader } from '@/components/ui/section-header';
import { Table, type Column } from '@/components/ui/table';
import { activityCsvHref, useActivity, type ActivityFilters } from '@/features/team/api/activity';
import { formatDateTime, isoDate } from '@/features/team/lib/format';
import type { ActivityDto } from '@/lib/api-types/ActivityDto';

// Size: the filters, the table and its pages, each small, around one query.
export function ActivitySection({ load }: { load: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState<ActivityFilters>({ actor: '', kind: '', page: 1 });
  const activity = useActivity(filters, load);
  const data = activity.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filter = (change: Partial<ActivityFilters>) => setFilters((last) => ({ ...last, ...change, page: 1 }));
  const kindLabel = (kind: string) => t(`team.activity.kinds.${kind}`, { defaultValue: kind });

  const columns: Column<ActivityDto>[] = [
    {
      key: 'at',
      header: t('team.activity.when'),
      cell: (row) => <time dateTime={isoDate(row.at)}>{formatDateTime(row.at, i18n.language)}</time>,
    },
    { key: 'who', header: t('team.activity.who'), primary: true, cell: (row) => row.actorName },
    { key: 'what', header: t('team.activity.what'), cell: (row) => kindLabel(row.kind) },
    { key: 'subject', header: t('team.activity.subject'), cell: (row) => row.subject ?? '' },
  ];

  let content;
  if (activity.isError) {
    content = (
      <Alert tone="error" title={serverMessage(activity.error) ?? t('team.activity.loadError')}>
        <button type="button" className="button button--ghost" onClick={() => void activity.refetch()}>
          {t('team.retry')}
        </button>
      </Alert>
    );
  } else if (!data) {
    content = <LoadingBlock label={t('team.activity.loading')} />;
  } else if (data.entries.length === 0) {
    content = (
      <p className="text-note" data-testid="activity-empty">
        {filters.actor || filters.kind ? t('team.activity.noneFiltered') : t('team.activity.none')}
      </p>
    );
  } else {
    content = (
      <>
        <Table
          caption={t('team.activity.caption')}
          captionHidden
          columns={columns}
          rows={data.entries}
          rowProps={(row) => ({ 'data-testid': 'activity-row', 'data-kind': row.kind })}
          testId="team-activity"
        />
        {pages > 1 ? (
          <Pagination
            page={filters.page}
            pages={pages}
            onPage={(page) => setFilters((last) => ({ ...last, page }))}
            label={t('team.activity.pages')}
          />
        ) : null}
      </>
    );
  }

  return (
    <section className="card card--snug" aria-labelledby={`${id}-title`} data-testid="team-activity-section">
      <SectionHeader
        title={t('team.activity.title')}
        titleId={`${id}-title`}
        description={t('team.activity.intro')}
        actions={
          <a className="button button--ghost" href={activityCsvHref(filters)} download>
            <Download aria-hidden="true" size={18} />
            {t('team.activity.export')}
          </a>
        }
      />
      <div className="team-activity__filters">
        <div className="team-activity__filter">
          <label htmlFor={`${id}-actor`}>{t('team.activity.member')}</label>
          <select
            id={`${id}-actor`}
            className="field__input"
            value={filters.actor}
            onChange={(event) => filter({ actor: event.currentTarget.value })}
          >
            <option value="">{t('team.activity.everyone')}</option>
            {(data?.actors ?? []).map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name}
              </option>
            ))}
          </select>
        </div>
        <div className="team-activity__filter">
          <label htmlFor={`${id}-kind`}>{t('team.activity.kind')}</label>
          <select
            id={`${id}-kind`}
            className="field__input"
            value={filters.kind}
            onChange={(event) => filter({ kind: event.currentTarget.value })}
          >
            <option value="">{t('team.activity.allKinds')}</option>
            {(data?.kinds ?? []).map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {content}
    </section>
  );
}
