/** Dashboard formatting: short es-ES (or en-GB) dates, 'count / max', device and status words. */
import { describe, expect, it } from 'vitest';
import { deviceKey, formatShortDate, participantsRatio, splitUrl, statusKey } from '@/features/dashboard/lib/format';
import { i18n } from '@/lib/i18n';

describe('dashboard formatting', () => {
  it('shows the creation date in the short es-ES style, en-GB in English', () => {
    const when = new Date(2024, 2, 5, 12, 0).getTime();
    expect(formatShortDate(when, 'es')).toBe('5/3/24');
    expect(formatShortDate(when, 'en')).toBe('05/03/2024');
  });

  it("shows participants as 'count / max'", () => {
    expect(participantsRatio({ _count: { AnalysisEntries: 0 }, max_number_of_participants: 5 })).toBe('0 / 5');
    expect(participantsRatio({ _count: { AnalysisEntries: 3 }, max_number_of_participants: 10 })).toBe('3 / 10');
  });

  it('names devices and statuses as product §2 does', () => {
    expect(i18n.t(deviceKey('computer'))).toBe('ordenador');
    expect(i18n.t(deviceKey('mobile'))).toBe('móvil');
    expect(i18n.t(statusKey('published'))).toBe('publicado');
    expect(i18n.t(statusKey('completed'))).toBe('completado');
    expect(i18n.t(statusKey('active'))).toBe('completado');
  });
});

describe('splitUrl', () => {
  it('keeps a bare host whole, and a short path as the tail', () => {
    expect(splitUrl('https://tienda-con-un-nombre-largo.example.com')).toEqual({
      head: 'https://tienda-con-un-nombre-largo.example.com',
      tail: '',
      query: '',
    });
    expect(splitUrl('https://www.example.com/18')).toEqual({ head: 'https://www.example.com', tail: '/18', query: '' });
  });

  it.each([
    // the end of a long URL, from a slash when one is near
    ['https://www.example-shop.com/es/checkout/paso-3', '/checkout/paso-3', ''],
    // the end of the path, not of the query string, and the query set apart
    [
      'https://www.example-shop.com/es/checkout/paso-3?utm_source=newsletter&utm_campaign=primavera',
      '/checkout/paso-3',
      '?utm_source=newsletter&utm_campaign=primavera',
    ],
    // a long path without slashes, cut at a fixed length
    [`https://example.com/${'a'.repeat(60)}`, 'a'.repeat(16), ''],
  ])('keeps the end of the path of %s', (url, expectedTail, expectedQuery) => {
    const { head, tail, query } = splitUrl(url);
    expect(head + tail + query).toBe(url);
    expect(tail).toBe(expectedTail);
    expect(query).toBe(expectedQuery);
  });
});
