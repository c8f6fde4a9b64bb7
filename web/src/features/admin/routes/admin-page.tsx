/**
 * /admin: every user account in a paged table (product §2 'Admin users table', §4 'Admin list: loading,
 * then table, or error'), searchable by e-mail, with a role dialog and a delete confirmation per row.
 * Search text and page live in the URL (?q=&page=), so reloads and the back button keep them.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchX, Users } from 'lucide-react';
import { Alert } from '@/components/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/components/session/use-session';
import { Stack } from '@/components/ui/stack';
import { USERS_PAGE_SIZE, useUsers } from '@/features/admin/api/get-users';
import { DeleteUserDialog } from '@/features/admin/components/delete-user-dialog';
import { AdminLoading, LoadError } from '@/features/admin/components/load-states';
import { Pagination } from '@/components/ui/pagination';
import { RoleDialog } from '@/features/admin/components/role-dialog';
import { UserSearchForm } from '@/features/admin/components/user-search-form';
import { UsersTable } from '@/features/admin/components/users-table';
import { roleKey } from '@/features/admin/lib/format';
import { useUserSearch } from '@/features/admin/lib/use-user-search';
import type { AdminUserDto } from '@/lib/api-types/AdminUserDto';
import '@/features/admin/admin.css';

type Action = { kind: 'edit' | 'delete'; user: AdminUserDto; trigger: HTMLElement } | null;

export function AdminPage() {
  const { t } = useTranslation();
  const session = useSession();
  const currentUserId = session.data?.user.id;
  const { q, page, search, type, submit, goToPage } = useUserSearch();
  const users = useUsers({ page, pageSize: USERS_PAGE_SIZE, q });
  const [action, setAction] = useState<Action>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A deletion can empty the last page: step back to the new last one.
  const pastTheEnd = data !== undefined && !users.isPlaceholderData && data.users.length === 0 && page > pages;
  useEffect(() => {
    if (pastTheEnd) goToPage(pages);
    // goToPage only writes the URL; re-running when it changes identity (every render) would push
    // the same page again, so it is left out on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, pages]);

  let content;
  if (users.isError) {
    content = (
      <LoadError error={users.error} fallback={t('admin.users.loadError')} onRetry={() => void users.refetch()} />
    );
  } else if (users.isPending) {
    content = <AdminLoading label={t('admin.users.loading')} />;
  } else if (users.data.users.length === 0) {
    content = (
      <EmptyState
        icon={q ? <SearchX size={28} /> : <Users size={28} />}
        title={q ? t('admin.users.emptySearch', { query: q }) : t('admin.users.empty')}
        testId="users-empty"
      />
    );
  } else {
    content = (
      <>
        <UsersTable
          users={users.data.users}
          currentUserId={currentUserId}
          stale={users.isPlaceholderData}
          onEdit={(user, trigger) => {
            setNotice(null);
            setAction({ kind: 'edit', user, trigger });
          }}
          onDelete={(user, trigger) => {
            setNotice(null);
            setAction({ kind: 'delete', user, trigger });
          }}
        />
        {pages > 1 ? (
          <Pagination page={page} pages={pages} onPage={goToPage} label={t('admin.pagination.label')} />
        ) : null}
      </>
    );
  }

  return (
    <section className="admin content--wide" aria-labelledby="admin-title">
      <PageHeader title={t('titles.admin')} titleId="admin-title" subtitle={t('admin.users.intro')} />
      <Stack gap={6}>
        <div className="admin__toolbar">
          <h2 ref={headingRef} tabIndex={-1} className="admin__section-title">
            {t('admin.users.title')}
          </h2>
          <UserSearchForm value={search} onType={type} onSubmit={submit} />
          {data ? (
            <p className="admin__count" data-testid="users-total">
              {t('admin.users.total', { count: data.total })}
            </p>
          ) : null}
        </div>

        {notice ? (
          <Alert tone="success" testId="admin-notice">
            {notice}
          </Alert>
        ) : null}

        {content}

        {action?.kind === 'edit' ? (
          <RoleDialog
            user={action.user}
            currentUserId={currentUserId}
            onClose={() => setAction(null)}
            opener={action.trigger}
            onSaved={(user) => {
              setAction(null);
              const role = roleKey(user.role);
              setNotice(t('admin.roleDialog.saved', { email: user.email, role: role ? t(role) : user.role }));
            }}
            fallbackFocus={() => headingRef.current}
          />
        ) : null}
        {action?.kind === 'delete' ? (
          <DeleteUserDialog
            user={action.user}
            onClose={() => setAction(null)}
            opener={action.trigger}
            onDeleted={(user) => {
              setAction(null);
              setNotice(t('admin.deleteDialog.done', { email: user.email }));
            }}
            fallbackFocus={() => headingRef.current}
          />
        ) : null}
      </Stack>
    </section>
  );
}
