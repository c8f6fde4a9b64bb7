/**
 * /admin/workspaces: every workspace with its seats, subscription and members (ADR 0019), newest
 * first, a page at a time, searched by its name or a member's e-mail. Search text and page live in
 * the URL (?q=&page=), like the users table.
 */
import { useTranslation } from 'react-i18next';
import { SearchX, Users } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Stack } from '@/components/ui/stack';
import { useWorkspacesPage } from '@/features/admin/api/get-workspaces';
import { AdminLoading, LoadError } from '@/features/admin/components/load-states';
import { UserSearchForm } from '@/features/admin/components/user-search-form';
import { WorkspacesTable } from '@/features/admin/components/workspaces-table';
import { useUserSearch } from '@/features/admin/lib/use-user-search';
import '@/features/admin/admin.css';

export function WorkspacesPage() {
  const { t } = useTranslation();
  const { q, page, search, type, submit, goToPage } = useUserSearch();
  const workspaces = useWorkspacesPage({ page, q });
  const data = workspaces.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  let content;
  if (workspaces.isError) {
    content = (
      <LoadError
        error={workspaces.error}
        fallback={t('admin.workspaces.loadError')}
        onRetry={() => void workspaces.refetch()}
      />
    );
  } else if (!data) {
    content = <AdminLoading label={t('admin.workspaces.loading')} />;
  } else if (data.workspaces.length === 0) {
    content = (
      <EmptyState
        icon={q ? <SearchX size={28} /> : <Users size={28} />}
        title={q ? t('admin.workspaces.emptySearch', { query: q }) : t('admin.workspaces.empty')}
        testId="workspaces-empty"
      />
    );
  } else {
    content = (
      <>
        <WorkspacesTable workspaces={data.workspaces} stale={workspaces.isPlaceholderData} />
        {pages > 1 ? (
          <Pagination page={page} pages={pages} onPage={goToPage} label={t('admin.workspaces.pages')} />
        ) : null}
      </>
    );
  }

  return (
    <section className="admin content--wide" aria-labelledby="admin-workspaces-title">
      <PageHeader
        title={t('admin.workspaces.title')}
        titleId="admin-workspaces-title"
        subtitle={t('admin.workspaces.intro')}
      />
      <Stack gap={6}>
        <div className="admin__toolbar">
          <UserSearchForm
            id="admin-workspace-search"
            label={t('admin.workspaces.searchLabel')}
            placeholder={t('admin.workspaces.searchPlaceholder')}
            value={search}
            onType={type}
            onSubmit={submit}
          />
          {data ? (
            <p className="admin__count" data-testid="workspaces-total">
              {t('admin.workspaces.total', { count: data.total })}
            </p>
          ) : null}
        </div>
        {content}
      </Stack>
    </section>
  );
}
