/**
 * i18next set-up shared by the two React entries: the app (app/i18n.ts) and the participation page
 * (participate-main.tsx). Each bundles the Spanish strings it shows, and only those, and says how
 * to fetch the others when a visitor picks English (ADR 0011). Remembers the choice and keeps
 * <html lang> in step.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/config/constants';
import { setErrorTranslator } from '@/lib/error-wording';
import { isLanguage, storedLanguage, storeLanguage } from '@/lib/language';

export { isLanguage, storedLanguage };

/** A locale file's content: nested objects of strings (and lists of paragraphs, kept whole). */
export type Strings = { [key: string]: string | readonly string[] | Strings };

/** Fetches a language's locale files (parts that are merged into one bundle). */
export type StringsLoader = () => Promise<Strings[]>;

const loaders: Partial<Record<Language, StringsLoader>> = {};

const isList = (value: Strings[string] | undefined): value is readonly string[] => Array.isArray(value);

/**
 * Merges locale files into a new object; the parts are left untouched (they are the imported JSON
 * modules, shared with whoever else imports them). A part can add keys to another's sections.
 */
export function mergeStrings(parts: readonly Strings[]): Strings {
  const merged: Strings = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const current = merged[key];
      if (typeof value === 'string' || isList(value)) merged[key] = value;
      else merged[key] = mergeStrings(typeof current === 'object' && !isList(current) ? [current, value] : [value]);
    }
  }
  return merged;
}

function applyLanguage(language: string): void {
  // The build-time prerender (app/prerender.tsx) runs this module in Node, without a document.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (isLanguage(language)) storeLanguage(language);
}

/** The remembered choice, read before i18next starts (which announces Spanish and would store it). */
export const initialLanguage: Language = storedLanguage();

/**
 * Starts i18next with the entry's Spanish strings (bundled, so the first render is translated) and
 * the loaders of the other languages, fetched only when chosen: they stay out of the first download.
 */
export function initI18n(spanish: readonly Strings[], others: Partial<Record<Language, StringsLoader>>): void {
  Object.assign(loaders, others);
  setErrorTranslator((key) => (i18n.exists(key) ? (i18n.t(key as never) as string) : undefined));
  i18n.on('languageChanged', applyLanguage);
  void i18n.use(initReactI18next).init({
    resources: { [DEFAULT_LANGUAGE]: { translation: mergeStrings(spanish) } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Resources are bundled, so initialisation is synchronous and the first render is translated.
    initAsync: false,
    // React already escapes text.
    interpolation: { escapeValue: false },
  });
}

/** Loads a language's strings once. */
export async function ensureLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const load = loaders[language];
  if (load) i18n.addResourceBundle(language, 'translation', mergeStrings(await load()));
}

/** Switches the interface language, loading its strings first. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
