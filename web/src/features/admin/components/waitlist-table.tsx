/**
 * The waitlist sign-ups on the ui Table: e-mail, when consent was given and when they joined. On
 * phones each sign-up is a card led by its e-mail.
 */
import { useTranslation } from 'react-i18next';
import { Table, type Column } from '@/components/ui/table';
import { EmailText } from '@/features/admin/components/email-text';
import { formatDateTime, isoDate } from '@/features/admin/lib/format';
import type { WaitlistEntryDto } from '@/lib/api-types/WaitlistEntryDto';

export function WaitlistTable({ entries }: { entries: readonly WaitlistEntryDto[] }) {
  const { t, i18n } = useTranslation();
  const when = (ms: number) => <time dateTime={isoDate(ms)}>{formatDateTime(ms, i18n.language)}</time>;
  const columns: Column<WaitlistEntryDto>[] = [
    {
      key: 'email',
      header: t('admin.waitlist.columns.email'),
      primary: true,
      className: 'admin-users__email',
      cell: (entry) => <EmailText email={entry.email} />,
    },
    {
      key: 'consent',
      header: t('admin.waitlist.columns.consent'),
      className: 'admin-users__date',
      cell: (entry) => when(entry.consent_at),
    },
    {
      key: 'created',
      header: t('admin.waitlist.columns.created'),
      className: 'admin-users__date',
      cell: (entry) => when(entry.created_at),
    },
  ];
  return (
    <Table
      caption={t('admin.waitlist.caption')}
      columns={columns}
      rows={[...entries]}
      rowProps={() => ({ 'data-testid': 'waitlist-row' })}
    />
  );
}
