/** How the dashboard table shows an analysis: short creation date, 'count / max', device and status keys. */
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

/** Intl locale per interface language: Spanish dates are es-ES (spec §2), English ones en-GB. */
export const dateLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-ES');

/** Creation date in the short style of the language, e.g. 05/03/2024 → '5/3/24' in es-ES. */
export const formatShortDate = (ms: number, language: string) =>
  new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'short' }).format(new Date(ms));

/** 'submitted / max'; the generated type says bigint (i64), JSON delivers a number. */
export const participantsRatio = (analysis: Pick<AnalysisDto, '_count' | 'max_number_of_participants'>) =>
  `${Number(analysis._count.AnalysisEntries)} / ${Number(analysis.max_number_of_participants)}`;

export const deviceKey = (device: string) =>
  device === 'mobile' ? ('dashboard.device.mobile' as const) : ('dashboard.device.computer' as const);

/** published → publicado; anything else → completado (spec §2). */
export const statusKey = (status: string) =>
  status === 'published' ? ('dashboard.status.published' as const) : ('dashboard.status.completed' as const);
