/**
 * The invoices of the test-mode portal on the ui Table: date, period, amount ('€29') and
 * status as a Badge; newest first. On phones each invoice is a card.
 */
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Table, type Column } from '@/components/ui/table';
import { formatMoney, formatShortDate } from '@/features/billing/lib/format';
import { invoiceStatusKey } from '@/features/billing/lib/status-labels';
import type { InvoiceDto } from '@/lib/api-types/InvoiceDto';

/** Paid is good news, open is waiting, the rest are plain facts. */
const invoiceTone = (status: string) => (status === 'paid' ? 'success' : status === 'open' ? 'warning' : 'neutral');

export function InvoiceTable({ invoices }: { invoices: InvoiceDto[] }) {
  const { t, i18n } = useTranslation();
  if (invoices.length === 0) return <p className="billing-card__text">{t('billing.portal.noInvoices')}</p>;

  const date = (ms: number) => formatShortDate(ms, i18n.language);
  const columns: Column<InvoiceDto>[] = [
    { key: 'date', header: t('billing.portal.date'), cell: (invoice) => date(invoice.createdAt) },
    {
      key: 'period',
      header: t('billing.portal.period'),
      cell: (invoice) => `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`,
    },
    {
      key: 'amount',
      header: t('billing.portal.amount'),
      numeric: true,
      cell: (invoice) => formatMoney(invoice.amountCents, invoice.currency, i18n.language),
    },
    {
      key: 'status',
      header: t('billing.portal.invoiceStatus'),
      cell: (invoice) => {
        const statusKey = invoiceStatusKey(invoice.status);
        return <Badge tone={invoiceTone(invoice.status)}>{statusKey ? t(statusKey) : invoice.status}</Badge>;
      },
    },
  ];
  return <Table caption={t('billing.portal.invoices')} columns={columns} rows={invoices} testId="portal-invoices" />;
}
