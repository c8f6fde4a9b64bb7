/** The invoices of the test-mode portal: date, period, amount ('29,00 €') and status; newest first. */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatShortDate } from '@/features/billing/lib/format';
import { invoiceStatusKey } from '@/features/billing/lib/status-labels';
import type { InvoiceDto } from '@/lib/api-types/InvoiceDto';

export function InvoiceTable({ invoices }: { invoices: InvoiceDto[] }) {
  const { t, i18n } = useTranslation();
  if (invoices.length === 0) return <p className="billing-card__text">{t('billing.portal.noInvoices')}</p>;

  const date = (ms: number) => formatShortDate(ms, i18n.language);
  return (
    <div className="billing-table-wrap">
      <table className="billing-table" data-testid="portal-invoices">
        <caption className="visually-hidden">{t('billing.portal.invoices')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.portal.date')}</th>
            <th scope="col">{t('billing.portal.period')}</th>
            <th scope="col">{t('billing.portal.amount')}</th>
            <th scope="col">{t('billing.portal.invoiceStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const statusKey = invoiceStatusKey(invoice.status);
            return (
              <tr key={invoice.id}>
                <td data-label={t('billing.portal.date')}>{date(invoice.createdAt)}</td>
                <td data-label={t('billing.portal.period')}>
                  {date(invoice.periodStart)} – {date(invoice.periodEnd)}
                </td>
                <td data-label={t('billing.portal.amount')}>{formatMoney(invoice.amountCents, invoice.currency, i18n.language)}</td>
                <td data-label={t('billing.portal.invoiceStatus')}>{statusKey ? t(statusKey) : invoice.status}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
