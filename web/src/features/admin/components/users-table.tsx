/**
 * The admin users table (product §2): id, role, e-mail, last login, created, and Edit / Delete buttons
 * named after the user's e-mail, on the ui Table. Under 640 px each user becomes a card led by the
 * e-mail (which wraps anywhere rather than squeezing its column), with the actions at its foot.
 */
import { useTranslation } from 'react-i18next';
import { Pencil, ShieldCheck, Trash2, User } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Table, type Column } from '@/components/ui/table';
import { EmailText } from '@/features/admin/components/email-text';
import { formatDateTime, isoDate, roleKey } from '@/features/admin/lib/format';
import type { AdminUserDto } from '@/lib/api-types/AdminUserDto';

interface UsersTableProps {
  users: readonly AdminUserDto[];
  currentUserId?: string;
  /** A newer page or search result is on its way; the rows shown are the previous ones. */
  stale?: boolean;
  /** `trigger` is the clicked button, where focus returns when the dialog closes. */
  onEdit: (user: AdminUserDto, trigger: HTMLElement) => void;
  onDelete: (user: AdminUserDto, trigger: HTMLElement) => void;
}

export function UsersTable({ users, currentUserId, stale = false, onEdit, onDelete }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const label = (key: 'id' | 'role' | 'email' | 'lastLogin' | 'created' | 'actions') => t(`admin.users.columns.${key}`);
  const when = (ms: number) => <time dateTime={isoDate(ms)}>{formatDateTime(ms, i18n.language)}</time>;

  const columns: Column<AdminUserDto>[] = [
    {
      key: 'id',
      header: label('id'),
      className: 'admin-users__id',
      cell: (user) => <code title={user.id}>{user.id}</code>,
    },
    {
      key: 'role',
      header: label('role'),
      cell: (user) => {
        const role = roleKey(user.role);
        return (
          <Badge
            tone={user.role === 'admin' ? 'info' : 'neutral'}
            icon={user.role === 'admin' ? <ShieldCheck /> : <User />}
          >
            {role ? t(role) : user.role}
          </Badge>
        );
      },
    },
    {
      key: 'email',
      header: label('email'),
      primary: true,
      className: 'admin-users__email',
      cell: (user) => (
        <span data-testid="user-email">
          <EmailText email={user.email} />
          {user.id === currentUserId ? <span className="admin-users__you"> {t('admin.users.you')}</span> : null}
        </span>
      ),
    },
    {
      key: 'lastLogin',
      header: label('lastLogin'),
      className: 'admin-users__date',
      cell: (user) =>
        user.last_login_at === null ? (
          <span className="admin-users__never">{t('admin.users.never')}</span>
        ) : (
          when(user.last_login_at)
        ),
    },
    {
      key: 'created',
      header: label('created'),
      className: 'admin-users__date',
      cell: (user) => when(user.created_at),
    },
    {
      key: 'actions',
      header: label('actions'),
      actions: true,
      cell: (user) => (
        <>
          <div className="admin-users__actions">
            <button
              type="button"
              className="button button--ghost button--sm"
              aria-label={t('admin.users.editLabel', { email: user.email })}
              onClick={(event) => onEdit(user, event.currentTarget)}
            >
              <Pencil aria-hidden="true" size={16} />
              {t('admin.users.edit')}
            </button>
            <button
              type="button"
              className="button button--danger-ghost button--sm"
              aria-label={t('admin.users.deleteLabel', { email: user.email })}
              // An admin deleting their own account would lock themselves out mid-session (ADR 0015).
              disabled={user.id === currentUserId}
              aria-describedby={user.id === currentUserId ? `admin-self-${user.id}` : undefined}
              onClick={(event) => onDelete(user, event.currentTarget)}
            >
              <Trash2 aria-hidden="true" size={16} />
              {t('admin.users.delete')}
            </button>
          </div>
          {user.id === currentUserId ? (
            <p
              id={`admin-self-${user.id}`}
              className="text-note admin-users__self-note"
              data-testid="admin-self-delete-reason"
            >
              {t('admin.users.cannotDeleteSelf')}
            </p>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <div className="admin-users" data-stale={stale || undefined}>
      <Table
        caption={t('admin.users.caption')}
        columns={columns}
        rows={[...users]}
        rowProps={(user) => ({ 'data-testid': 'user-row', 'data-user-id': user.id, 'data-role': user.role })}
        busy={stale}
      />
    </div>
  );
}
