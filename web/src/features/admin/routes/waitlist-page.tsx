/**
 * /admin/waitlist: everyone who joined the waitlist on the landing page, newest first, with an
 * 'Exportar CSV' link the browser downloads directly (same origin, so the session cookie goes along).
 */
import { useTranslation } from 'react-i18next';
import { useWaitlist, WAITLIST_EXPORT_URL } from '@/features/admin/api/get-waitlist';
import { LoadError, LoadingStatus } from '@/features/admin/components/load-states';
import { WaitlistTable } from '@/features/admin/components/waitlist-table';
import '@/features/admin/admin.css';

export function WaitlistPage() {
  const { t } = useTranslation();
  const waitlist = useWaitlist();

  let content;
  if (waitlist.isError) {
    content = (
      <LoadError error={waitlist.error} fallback={t('admin.waitlist.loadError')} onRetry={() => void waitlist.refetch()} />
    );
  } else if (waitlist.isPending) {
    content = <LoadingStatus label={t('admin.waitlist.loading')} />;
  } else if (waitlist.data.entries.length === 0) {
    content = (
      <p className="admin-empty" data-testid="waitlist-empty">
        {t('admin.waitlist.empty')}
      </p>
    );
  } else {
    content = <WaitlistTable entries={waitlist.data.entries} />;
  }

  return (
    <section className="admin" aria-labelledby="waitlist-title">
      <header className="admin__header admin__header--actions">
        <div>
          <h1 id="waitlist-title">{t('admin.waitlist.title')}</h1>
          <p className="admin__intro">{t('admin.waitlist.intro')}</p>
        </div>
        <a className="button button--primary" href={WAITLIST_EXPORT_URL} download>
          {t('admin.waitlist.export')}
        </a>
      </header>
      {waitlist.data ? (
        <p className="admin__count" data-testid="waitlist-total">
          {t('admin.waitlist.total', { count: waitlist.data.entries.length })}
        </p>
      ) : null}
      {content}
    </section>
  );
}
