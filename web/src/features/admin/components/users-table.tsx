/**
 * The admin users table (spec §2): id, role, e-mail, last login, created, and Edit / Delete buttons
 * named after the user's e-mail. On narrow screens the table scrolls sideways inside its own
 * focusable region instead of squeezing columns.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
  const captionId = useId();
  const columns = [
    t('admin.users.columns.id'),
    t('admin.users.columns.role'),
    t('admin.users.columns.email'),
    t('admin.users.columns.lastLogin'),
    t('admin.users.columns.created'),
    t('admin.users.columns.actions'),
  ];

  return (
    <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table" aria-busy={stale || undefined} data-stale={stale || undefined}>
        <caption id={captionId} className="visually-hidden">
          {t('admin.users.caption')}
        </caption>
        <thead>
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const role = roleKey(user.role);
            return (
              <tr key={user.id} data-testid="user-row" data-user-id={user.id} data-role={user.role}>
                <td className="admin-table__id">
                  <code title={user.id}>{user.id}</code>
                </td>
                <td>
                  <span className="admin-role" data-role={user.role}>
                    {role ? t(role) : user.role}
                  </span>
                </td>
                <th scope="row" className="admin-table__email">
                  <EmailText email={user.email} />
                  {user.id === currentUserId ? <span className="admin-table__you"> {t('admin.users.you')}</span> : null}
                </th>
                <td>
                  {user.last_login_at === null ? (
                    <span className="admin-table__never">{t('admin.users.never')}</span>
                  ) : (
                    <time dateTime={isoDate(user.last_login_at)}>{formatDateTime(user.last_login_at, i18n.language)}</time>
                  )}
                </td>
                <td>
                  <time dateTime={isoDate(user.created_at)}>{formatDateTime(user.created_at, i18n.language)}</time>
                </td>
                <td>
                  <div className="admin-table__actions">
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={t('admin.users.editLabel', { email: user.email })}
                      onClick={(event) => onEdit(user, event.currentTarget)}
                    >
                      {t('admin.users.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button--danger-ghost"
                      aria-label={t('admin.users.deleteLabel', { email: user.email })}
                      onClick={(event) => onDelete(user, event.currentTarget)}
                    >
                      {t('admin.users.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
