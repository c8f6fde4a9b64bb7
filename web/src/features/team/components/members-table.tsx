/**
 * The team's members (name, e-mail, role, joined) on the ui Table; admins and the owner get
 * 'Cambiar rol' and 'Eliminar' on every member but the owner (passing ownership on is not here).
 */
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Table, type Column } from '@/components/ui/table';
import { formatDay, isoDate } from '@/features/team/lib/format';
import type { MemberDto } from '@/lib/api-types/MemberDto';

interface MembersTableProps {
  members: readonly MemberDto[];
  currentUserId: string;
  canManage: boolean;
  onChangeRole: (member: MemberDto) => void;
  onRemove: (member: MemberDto) => void;
}

export function MembersTable({ members, currentUserId, canManage, onChangeRole, onRemove }: MembersTableProps) {
  const { t, i18n } = useTranslation();
  const columns: Column<MemberDto>[] = [
    {
      key: 'name',
      header: t('team.members.name'),
      primary: true,
      cell: (member) => (
        <span className="team-members__name">
          {member.name?.trim() || member.email}
          {member.userId === currentUserId ? <span className="text-note"> {t('team.members.you')}</span> : null}
        </span>
      ),
    },
    {
      key: 'email',
      header: t('team.members.email'),
      cell: (member) => <span className="team-members__email">{member.email}</span>,
    },
    {
      key: 'role',
      header: t('team.members.role'),
      cell: (member) => (
        <Badge tone={member.role === 'owner' ? 'info' : 'neutral'}>{t(`team.roles.${member.role}`)}</Badge>
      ),
    },
    {
      key: 'joined',
      header: t('team.members.joined'),
      numeric: true,
      cell: (member) => <time dateTime={isoDate(member.joinedAt)}>{formatDay(member.joinedAt, i18n.language)}</time>,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('team.members.actions'),
      actions: true,
      cell: (member) =>
        member.role === 'owner' ? null : (
          <div className="cluster">
            <button type="button" className="button button--ghost button--sm" onClick={() => onChangeRole(member)}>
              {t('team.members.changeRole')}
              <span className="visually-hidden"> ({member.email})</span>
            </button>
            <button type="button" className="button button--danger-ghost button--sm" onClick={() => onRemove(member)}>
              {t('team.members.remove')}
              <span className="visually-hidden"> ({member.email})</span>
            </button>
          </div>
        ),
    });
  }
  return (
    <Table
      caption={t('team.members.caption')}
      columns={columns}
      rows={[...members]}
      rowKey={(member) => member.userId}
      rowProps={(member) => ({ 'data-testid': `member-${member.email}` })}
      testId="team-members"
    />
  );
}
