/** How the dashboard table shows an analysis: short creation date, 'count / max', device and status keys. */
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

/** Intl locale per interface language: Spanish dates are es-ES (product §2), English ones en-GB. */
export const dateLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-ES');

/** Creation date in the short style of the language, e.g. 05/03/2024 → '5/3/24' in es-ES. */
export const formatShortDate = (ms: number, language: string) =>
  new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'short' }).format(new Date(ms));

/** 'submitted / max'; the generated type says bigint (i64), JSON delivers a number. */
export const participantsRatio = (analysis: Pick<AnalysisDto, '_count' | 'max_number_of_participants'>) =>
  `${Number(analysis._count.AnalysisEntries)} / ${Number(analysis.max_number_of_participants)}`;

export const deviceKey = (device: string) =>
  device === 'mobile' ? ('dashboard.device.mobile' as const) : ('dashboard.device.computer' as const);

/** published → publicado; anything else → completado (product §2). */
export const statusKey = (status: string) =>
  status === 'published' ? ('dashboard.status.published' as const) : ('dashboard.status.completed' as const);

/** How many characters of a URL's path end stay visible when it is shortened in the middle. */
const URL_TAIL = 16;

/**
 * A URL split for shortening in the middle ('https://www.exam…/checkout/paso-3'): the head gives
 * way with an ellipsis when the cell is narrow, the tail (the end of the path, which tells pages
 * apart) always shows, and a query or fragment after it (`query`) gives way too. The tail starts
 * at a '/' when one is near, so it reads as a path. The three parts together are the whole URL.
 */
export function splitUrl(url: string): { head: string; tail: string; query: string } {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const query = cut === -1 ? '' : url.slice(cut);
  // Where the path starts: a bare host ('https://tienda.example.com') is never cut in two.
  const scheme = path.indexOf('//');
  const pathStart = path.indexOf('/', scheme === -1 ? 0 : scheme + 2);
  if (pathStart === -1 || path.length <= URL_TAIL) return { head: path, tail: '', query };
  let start = Math.max(pathStart, path.length - URL_TAIL);
  const slash = path.lastIndexOf('/', start + 6);
  if (slash >= pathStart && slash > start - 6) start = slash;
  return { head: path.slice(0, start), tail: path.slice(start), query };
}
