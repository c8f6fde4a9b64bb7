/**
 * The visitor's language choice, without i18next: shared by the app (lib/i18n.ts) and the public
 * pages' small script (site/), which must not pull the app's libraries in (ADR 0011).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@/config/constants';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The stored choice, or Spanish; storage can throw (privacy modes), which must not break the page. */
export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Remembers the choice for the next visit and the app. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the current page still switches.
  }
}
