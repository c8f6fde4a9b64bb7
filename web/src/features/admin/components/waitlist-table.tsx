/** The waitlist sign-ups: e-mail, when consent was given and when they joined; scrolls sideways on phones. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailText } from '@/features/admin/components/email-text';
import { formatDateTime, isoDate } from '@/features/admin/lib/format';
import type { WaitlistEntryDto } from '@/lib/api-types/WaitlistEntryDto';

export function WaitlistTable({ entries }: { entries: readonly WaitlistEntryDto[] }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId} className="visually-hidden">
          {t('admin.waitlist.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.waitlist.columns.email')}</th>
            <th scope="col">{t('admin.waitlist.columns.consent')}</th>
            <th scope="col">{t('admin.waitlist.columns.created')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="waitlist-row">
              <th scope="row" className="admin-table__email">
                <EmailText email={entry.email} />
              </th>
              <td>
                <time dateTime={isoDate(entry.consent_at)}>{formatDateTime(entry.consent_at, i18n.language)}</time>
              </td>
              <td>
                <time dateTime={isoDate(entry.created_at)}>{formatDateTime(entry.created_at, i18n.language)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
