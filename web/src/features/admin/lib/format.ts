/** How the admin tables show values: dates with time in the interface language, role names. */

/** Intl locale per interface language: Spanish dates are es-ES, English ones en-GB. */
export const dateLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-ES');

/** Date and time of an epoch-milliseconds value, e.g. '5/3/24, 10:30' in es-ES. */
export const formatDateTime = (ms: number, language: string) =>
  new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));

/** Machine-readable form for <time dateTime>. */
export const isoDate = (ms: number) => new Date(ms).toISOString();

export type KnownRole = 'admin' | 'customer' | 'participant';

/** The locale key of a role's name, or undefined for a role this client does not know. */
export const roleKey = (role: string) =>
  role === 'admin' || role === 'customer' || role === 'participant' ? (`admin.roles.${role}` as const) : undefined;
