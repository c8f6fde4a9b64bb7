/** Pending invitations (e-mail, role, sent, expiry) with 'Reenviar' and 'Revocar', for admins and the owner. */
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Table, type Column } from '@/components/ui/table';
import { formatDay, isoDate } from '@/features/team/lib/format';
import type { InvitationDto } from '@/lib/api-types/InvitationDto';

interface InvitationsTableProps {
  invitations: readonly InvitationDto[];
  busyId: string | null;
  onResend: (invitation: InvitationDto) => void;
  onRevoke: (invitation: InvitationDto) => void;
}

export function InvitationsTable({ invitations, busyId, onResend, onRevoke }: InvitationsTableProps) {
  const { t, i18n } = useTranslation();
  const day = (ms: number) => <time dateTime={isoDate(ms)}>{formatDay(ms, i18n.language)}</time>;
  const columns: Column<InvitationDto>[] = [
    { key: 'email', header: t('team.invitations.email'), primary: true, cell: (i) => i.email },
    { key: 'role', header: t('team.invitations.role'), cell: (i) => t(`team.roles.${i.role}`) },
    { key: 'sent', header: t('team.invitations.sent'), numeric: true, cell: (i) => day(i.createdAt) },
    {
      key: 'expires',
      header: t('team.invitations.expires'),
      numeric: true,
      cell: (i) => (i.expired ? <Badge tone="warning">{t('team.invitations.expired')}</Badge> : day(i.expiresAt)),
    },
    {
      key: 'actions',
      header: t('team.members.actions'),
      actions: true,
      cell: (i) => (
        <div className="cluster">
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-busy={busyId === i.id || undefined}
            onClick={() => onResend(i)}
          >
            {t('team.invitations.resend')}
            <span className="visually-hidden"> ({i.email})</span>
          </button>
          <button
            type="button"
            className="button button--danger-ghost button--sm"
            aria-busy={busyId === i.id || undefined}
            onClick={() => onRevoke(i)}
          >
            {t('team.invitations.revoke')}
            <span className="visually-hidden"> ({i.email})</span>
          </button>
        </div>
      ),
    },
  ];
  return (
    <Table
      caption={t('team.invitations.caption')}
      columns={columns}
      rows={[...invitations]}
      rowProps={(i) => ({ 'data-testid': `invitation-${i.email}` })}
      testId="team-invitations"
    />
  );
}
