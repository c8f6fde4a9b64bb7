/** Dashboard formatting: short es-ES (or en-GB) dates, 'count / max', device and status words. */
import { describe, expect, it } from 'vitest';
import { deviceKey, formatShortDate, participantsRatio, statusKey } from '@/features/dashboard/lib/format';
import { i18n } from '@/lib/i18n';

describe('dashboard formatting', () => {
  it('shows the creation date in the short es-ES style, en-GB in English', () => {
    const when = new Date(2024, 2, 5, 12, 0).getTime();
    expect(formatShortDate(when, 'es')).toBe('5/3/24');
    expect(formatShortDate(when, 'en')).toBe('05/03/2024');
  });

  it("shows participants as 'count / max'", () => {
    expect(participantsRatio({ _count: { AnalysisEntries: 0 }, max_number_of_participants: 5 })).toBe('0 / 5');
    expect(participantsRatio({ _count: { AnalysisEntries: 3 }, max_number_of_participants: 10 })).toBe(
      '3 / 10',
    );
  });

  it('names devices and statuses as the spec does', () => {
    expect(i18n.t(deviceKey('computer'))).toBe('ordenador');
    expect(i18n.t(deviceKey('mobile'))).toBe('móvil');
    expect(i18n.t(statusKey('published'))).toBe('publicado');
    expect(i18n.t(statusKey('completed'))).toBe('completado');
    expect(i18n.t(statusKey('active'))).toBe('completado');
  });
});
