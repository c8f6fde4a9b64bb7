/**
 * How the insights summary (issue 20) writes the server's figures: rates as percentages, SEQ and
 * SUS with one decimal, times as mm:ss, and an interval only when the server gave one (it gives
 * none below 3 answers). Nothing is computed here: the statistics come from the Rust core.
 */
import { dateLocale, formatSpan } from '@/features/analysis/lib/format';

export type Figure = number | null | undefined;

const has = (value: Figure): value is number => typeof value === 'number' && Number.isFinite(value);

/** 0.8 → '80 %' (es-ES) or '80%' (en-GB); '—' when missing. */
export const formatRate = (rate: Figure, language: string) =>
  has(rate) ? new Intl.NumberFormat(dateLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(rate) : '—';

/** A mean with one decimal: 5.2 (es-ES: 5,2); '—' when missing. */
export const formatMean = (value: Figure, language: string) =>
  has(value) ? new Intl.NumberFormat(dateLocale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value) : '—';

export const formatTime = (ms: Figure) => formatSpan(has(ms) ? ms : null);

/** Both ends formatted, or null when the server sent no interval. */
export function formatInterval(low: Figure, high: Figure, format: (value: number) => string): { low: string; high: string } | null {
  return has(low) && has(high) ? { low: format(low), high: format(high) } : null;
}
