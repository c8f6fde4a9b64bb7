/**
 * The workspaces on the ui Table (ADR 0019): name (and 'Personal'), owner, members (a disclosure
 * listing each with their role), seats taken and paid, the subscription's state, and when it was
 * made. On phones each workspace is a card led by its name.
 */
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Table, type Column } from '@/components/ui/table';
import { EmailText } from '@/features/admin/components/email-text';
import { formatDateTime, isoDate } from '@/features/admin/lib/format';
import type { AdminWorkspaceDto } from '@/lib/api-types/AdminWorkspaceDto';

const ACTIVE = ['active', 'trialing'];

export function WorkspacesTable({ workspaces, stale }: { workspaces: readonly AdminWorkspaceDto[]; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const columns: Column<AdminWorkspaceDto>[] = [
    {
      key: 'name',
      header: t('admin.workspaces.columns.name'),
      primary: true,
      className: 'admin-users__email',
      cell: (w) => (
        <span className="cluster">
          <span>{w.name}</span>
          {w.personal ? <Badge>{t('admin.workspaces.personal')}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'owner',
      header: t('admin.workspaces.columns.owner'),
      className: 'admin-users__email',
      cell: (w) => {
        const owner = w.members.find((m) => m.role === 'owner');
        return owner ? <EmailText email={owner.email} /> : '—';
      },
    },
    {
      key: 'members',
      header: t('admin.workspaces.columns.members'),
      cell: (w) => (
        <details className="admin-workspaces__members">
          <summary>{t('admin.workspaces.memberCount', { count: w.members.length })}</summary>
          <ul>
            {w.members.map((m) => (
              <li key={m.userId}>
                <EmailText email={m.email} /> · {t(`team.roles.${m.role}`)}
              </li>
            ))}
          </ul>
        </details>
      ),
    },
    {
      key: 'seats',
      header: t('admin.workspaces.columns.seats'),
      numeric: true,
      cell: (w) =>
        w.paidSeats === null ? String(w.seats) : t('admin.workspaces.seatsPaid', { seats: w.seats, paid: w.paidSeats }),
    },
    {
      key: 'subscription',
      header: t('admin.workspaces.columns.subscription'),
      cell: (w) =>
        w.subscriptionStatus === null ? (
          t('admin.workspaces.noSubscription')
        ) : (
          <Badge tone={ACTIVE.includes(w.subscriptionStatus) ? 'success' : 'neutral'}>{w.subscriptionStatus}</Badge>
        ),
    },
    {
      key: 'created',
      header: t('admin.workspaces.columns.created'),
      className: 'admin-users__date',
      cell: (w) => <time dateTime={isoDate(w.createdAt)}>{formatDateTime(w.createdAt, i18n.language)}</time>,
    },
  ];
  return (
    <div aria-busy={stale || undefined}>
      <Table
        caption={t('admin.workspaces.caption')}
        captionHidden
        columns={columns}
        rows={[...workspaces]}
        rowProps={() => ({ 'data-testid': 'workspace-row' })}
        testId="admin-workspaces"
      />
    </div>
  );
}
