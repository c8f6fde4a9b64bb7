/**
 * Money and dates on the billing screens, in the interface language (Spanish by default:
 * '29,00 €', '12 de junio de 2025'). Amounts arrive in cents, times in epoch milliseconds.
 */

const LOCALES: Record<string, string> = { es: 'es-ES', en: 'en-GB' };

export const localeOf = (language: string | undefined) => LOCALES[language?.slice(0, 2) ?? ''] ?? 'es-ES';

/** '29,00 €' — an invoice amount with its currency. */
export function formatMoney(amountCents: number, currency: string, language?: string): string {
  try {
    return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: currency.toUpperCase() }).format(
      amountCents / 100,
    );
  } catch {
    // An unknown currency code: show the number and the code rather than nothing.
    return `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** '29' or '29,50' — the bare number of a price, for labels such as 'Pagar 29 €'. */
export const formatAmount = (amountCents: number, language?: string) =>
  new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    amountCents / 100,
  );

/** '12 jun 2025' — compact, for table cells. */
export const formatShortDate = (epochMs: number, language?: string) =>
  new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(epochMs));

/** '12 de junio de 2025'. */
export const formatDate = (epochMs: number, language?: string) =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(new Date(epochMs));
