/**
 * /admin/waitlist: everyone who joined the waitlist on the landing page, newest first, with an
 * 'Exportar CSV' link the browser downloads directly (same origin, so the session cookie goes along).
 */
import { useTranslation } from 'react-i18next';
import { Download, Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Stack } from '@/components/ui/stack';
import { useWaitlist, WAITLIST_EXPORT_URL } from '@/features/admin/api/get-waitlist';
import { AdminLoading, LoadError } from '@/features/admin/components/load-states';
import { WaitlistTable } from '@/features/admin/components/waitlist-table';
import '@/features/admin/admin.css';

export function WaitlistPage() {
  const { t } = useTranslation();
  const waitlist = useWaitlist();

  let content;
  if (waitlist.isError) {
    content = (
      <LoadError
        error={waitlist.error}
        fallback={t('admin.waitlist.loadError')}
        onRetry={() => void waitlist.refetch()}
      />
    );
  } else if (waitlist.isPending) {
    content = <AdminLoading label={t('admin.waitlist.loading')} />;
  } else if (waitlist.data.entries.length === 0) {
    content = <EmptyState icon={<Inbox size={28} />} title={t('admin.waitlist.empty')} testId="waitlist-empty" />;
  } else {
    content = <WaitlistTable entries={waitlist.data.entries} />;
  }

  return (
    <section className="admin content--wide" aria-labelledby="waitlist-title">
      <PageHeader
        title={t('admin.waitlist.title')}
        titleId="waitlist-title"
        subtitle={t('admin.waitlist.intro')}
        actions={
          <a className="button button--primary" href={WAITLIST_EXPORT_URL} download>
            <Download aria-hidden="true" size={18} />
            {t('admin.waitlist.export')}
          </a>
        }
      />
      <Stack gap={6}>
        {waitlist.data ? (
          <p className="admin__count" data-testid="waitlist-total">
            {t('admin.waitlist.total', { count: waitlist.data.entries.length })}
          </p>
        ) : null}
        {content}
      </Stack>
    </section>
  );
}
