/** How the analysis detail shows dates, participants, device and status, in the interface language. */
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

/** Intl locale per interface language: es-ES (product §2) for Spanish, en-GB for English. */
export const dateLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-ES');

/** Date and time, e.g. '5 mar 2024, 14:05' in es-ES. */
export const formatDateTime = (ms: number, language: string) =>
  new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

/** Submitted participations and the limit as numbers (the generated types say bigint; JSON has numbers). */
export const participantCounts = (analysis: Pick<AnalysisDto, '_count' | 'max_number_of_participants'>) => ({
  submitted: Number(analysis._count.AnalysisEntries),
  max: Number(analysis.max_number_of_participants),
});

/** The scenario worth showing: none when missing, blank or the form's 'null' placeholder. */
export const visibleScenario = (scenario: string | null) =>
  scenario && scenario.trim() !== '' && scenario !== 'null' ? scenario : null;

export const deviceKey = (device: string) =>
  device === 'mobile' ? ('analysis.detail.deviceMobile' as const) : ('analysis.detail.deviceComputer' as const);

export const isPublished = (status: string) => status === 'published';

/** A length of time as mm:ss (h:mm:ss past an hour), rounded to the second; '—' when unknown. */
export function formatSpan(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  const total = Math.round(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const rest = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}
