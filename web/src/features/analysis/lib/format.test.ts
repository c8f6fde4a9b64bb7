/** Detail formatting: date and time per language, 'X de Y' counts, the scenario shown, device keys. */
import { describe, expect, it } from 'vitest';
import {
  dateLocale,
  deviceKey,
  formatDateTime,
  participantCounts,
  visibleScenario,
} from '@/features/analysis/lib/format';

// 2024-03-05 14:05 in the test machine's zone; only the shape is compared against Intl itself.
const when = new Date(2024, 2, 5, 14, 5).getTime();

describe('analysis detail formatting', () => {
  it('formats date and time in es-ES, or en-GB for English', () => {
    expect(dateLocale('es')).toBe('es-ES');
    expect(dateLocale('en')).toBe('en-GB');
    expect(formatDateTime(when, 'es')).toBe(
      new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(when)),
    );
    expect(formatDateTime(when, 'es')).toContain('14:05');
    expect(formatDateTime(when, 'es')).toContain('2024');
    expect(formatDateTime(when, 'en')).toContain('Mar');
  });

  it('reads counts as numbers', () => {
    expect(participantCounts({ _count: { AnalysisEntries: 2 }, max_number_of_participants: 10 })).toEqual({
      submitted: 2,
      max: 10,
    });
  });

  it("hides a missing, blank or 'null' scenario", () => {
    expect(visibleScenario(null)).toBeNull();
    expect(visibleScenario('null')).toBeNull();
    expect(visibleScenario('  ')).toBeNull();
    expect(visibleScenario('Eres un cliente')).toBe('Eres un cliente');
  });

  it('maps devices', () => {
    expect(deviceKey('computer')).toBe('analysis.detail.deviceComputer');
    expect(deviceKey('mobile')).toBe('analysis.detail.deviceMobile');
  });
});
