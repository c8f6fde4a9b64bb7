/**
 * How the web words each error code of the API (ADR 0014 addendum). 'locale': one fixed message,
 * kept in locales/*-errors.json under `errors.<code>` (the Spanish is the server's text, so nothing
 * changes in Spanish; an English interface gets English). 'server': the server composes the text
 * (which field, how long to wait, which limit), so the screen shows what it sent. Which is which,
 * and the Spanish, are generated from the worker's error table (`lupa_core::error_code`) into
 * error-wording-table.ts and locales/es-errors.json; only the English is written by hand.
 */
import type { ErrorCode } from '@/lib/api-types/ErrorCode';
import { ERROR_WORDING, type ErrorWording } from '@/lib/error-wording-table';

export { ERROR_WORDING, type ErrorWording };

type Translate = (key: string) => string | undefined;
let translate: Translate | undefined;

/**
 * lib/i18n registers i18next here when an entry starts it. Reading an error never imports i18next
 * itself, so a page that runs without it (the prerendered public site's waitlist form) stays small
 * and shows the server's text.
 */
export function setErrorTranslator(fn: Translate): void {
  translate = fn;
}

/** The interface's wording of a code with a fixed message, when an entry's strings are loaded. */
export function translatedError(code: string): string | undefined {
  const key = errorKey(code);
  return key && translate ? translate(key) : undefined;
}

/** The locale key of a code whose message is fixed, or undefined when the server words it. */
function errorKey(code: string): `errors.${ErrorCode}` | undefined {
  const wording = (ERROR_WORDING as Record<string, ErrorWording | undefined>)[code];
  return wording === 'locale' ? (`errors.${code}` as `errors.${ErrorCode}`) : undefined;
}
