/**
 * Money and dates on the billing screens, in the interface language (Spanish by default:
 * '€29', '12 de junio de 2025'). Amounts arrive in cents, times in epoch milliseconds.
 *
 * Prices follow the one format product §2 writes, '€29/mes' (ADR 0015: one format everywhere): the
 * currency symbol first and no decimals for a whole amount ('€29', '€29,50'), in every language;
 * only the decimal separator follows the language.
 */

const LOCALES: Record<string, string> = { es: 'es-ES', en: 'en-GB' };

export const localeOf = (language: string | undefined) => LOCALES[language?.slice(0, 2) ?? ''] ?? 'es-ES';

/** Decimals only when the amount has cents: 29 → '29', 29.5 → '29,50'. */
const fractionDigits = (amountCents: number) => (amountCents % 100 === 0 ? 0 : 2);

/** '€29' (es and en), '€29,50' — an invoice amount with its currency symbol first, as product §2's '€29/mes'. */
export function formatMoney(amountCents: number, currency: string, language?: string): string {
  try {
    const digits = fractionDigits(amountCents);
    const parts = new Intl.NumberFormat(localeOf(language), {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).formatToParts(amountCents / 100);
    const symbol = parts
      .filter((part) => part.type === 'currency')
      .map((part) => part.value)
      .join('');
    const number = parts
      .filter((part) => part.type !== 'currency' && part.type !== 'literal')
      .map((part) => part.value)
      .join('');
    return `${symbol}${number}`;
  } catch {
    // An unknown currency code: show the number and the code rather than nothing.
    return `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** '29' or '29,50' — the bare number of a price, for labels such as 'Pagar €29'. */
export const formatAmount = (amountCents: number, language?: string) =>
  new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: fractionDigits(amountCents),
    maximumFractionDigits: 2,
  }).format(amountCents / 100);

/** '12 jun 2025' — compact, for table cells. */
export const formatShortDate = (epochMs: number, language?: string) =>
  new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(epochMs),
  );

/** '12 de junio de 2025'. */
export const formatDate = (epochMs: number, language?: string) =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(new Date(epochMs));
