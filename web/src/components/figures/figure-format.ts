/**
 * How the usability figures (ADR 0012) are written, on the analysis page and the shared summary
 * alike: rates as percentages, SEQ and SUS with one decimal, times as mm:ss, and an interval only
 * when the server gave one (it gives none below 3 answers). Nothing is computed here: the
 * statistics come from the Rust core.
 */
import { formatDuration } from '@/lib/time';

/** Intl locale per interface language: es-ES (product §2) for Spanish, en-GB for English. */
const numberLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-ES');

export type Figure = number | null | undefined;

const has = (value: Figure): value is number => typeof value === 'number' && Number.isFinite(value);

/** 0.8 → '80 %' (es-ES) or '80%' (en-GB); '—' when missing. */
export const formatRate = (rate: Figure, language: string) =>
  has(rate)
    ? new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(rate)
    : '—';

/** A mean with one decimal: 5.2 (es-ES: 5,2); '—' when missing. */
export const formatMean = (value: Figure, language: string) =>
  has(value)
    ? new Intl.NumberFormat(numberLocale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        value,
      )
    : '—';

/** A time as mm:ss (h:mm:ss past an hour), rounded to the second; '—' when missing. */
export const formatTime = (ms: Figure) => (has(ms) && ms >= 0 ? formatDuration(ms) : '—');

/** Both ends formatted, or null when the server sent no interval. */
export function formatInterval(
  low: Figure,
  high: Figure,
  format: (value: number) => string,
): { low: string; high: string } | null {
  return has(low) && has(high) ? { low: format(low), high: format(high) } : null;
}
