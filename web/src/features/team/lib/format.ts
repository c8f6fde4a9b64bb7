/** How the team screens show dates: short, in the interface language (es-ES or en-GB). */
const locale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-ES');

export const formatDay = (ms: number, language: string) =>
  new Intl.DateTimeFormat(locale(language), { dateStyle: 'short' }).format(new Date(ms));

export const isoDate = (ms: number) => new Date(ms).toISOString();

export const formatDateTime = (ms: number, language: string) =>
  new Intl.DateTimeFormat(locale(language), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
