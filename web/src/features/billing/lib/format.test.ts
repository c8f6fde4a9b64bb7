/** Money and dates on the billing screens. */
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatMoney, formatShortDate } from '@/features/billing/lib/format';

describe('billing formats', () => {
  it("writes amounts as product §2's '€29/mes' does: the symbol first, cents only when there are some", () => {
    expect(formatMoney(2900, 'eur')).toBe('€29');
    expect(formatMoney(2900, 'eur', 'en')).toBe('€29');
    expect(formatMoney(2950, 'eur')).toBe('€29,50');
    expect(formatMoney(2950, 'eur', 'en')).toBe('€29.50');
  });

  it('keeps unknown currency codes readable', () => {
    expect(formatMoney(2900, 'not a code')).toBe('29.00 NOT A CODE');
  });

  it('drops zero cents from prices', () => {
    expect(formatAmount(2900)).toBe('29');
    expect(formatAmount(2950)).toBe('29,50');
  });

  it('formats dates in long form', () => {
    expect(formatDate(Date.UTC(2030, 5, 12, 12))).toBe('12 de junio de 2030');
    expect(formatShortDate(Date.UTC(2030, 5, 12, 12))).toBe('12 jun 2030');
  });
});
