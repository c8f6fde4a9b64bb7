/** i18next set-up: Spanish by default, English on request; remembers the choice and keeps <html lang> in step. */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/config/constants';
import { isLanguage, storedLanguage, storeLanguage } from '@/lib/language';
import es from '@/locales/es.json';

export { isLanguage, storedLanguage };

function applyLanguage(language: string): void {
  // The build-time prerender (app/prerender.tsx) runs this module in Node, without a document.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (isLanguage(language)) storeLanguage(language);
}

/** The remembered choice, read before i18next starts (which announces Spanish and would store it). */
export const initialLanguage: Language = storedLanguage();

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  // Spanish is bundled; other languages are fetched when chosen (see `ensureLanguage`), which keeps
  // them out of every page's first download.
  resources: { es: { translation: es } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Resources are bundled, so initialisation is synchronous and the first render is translated.
  initAsync: false,
  // React already escapes text.
  interpolation: { escapeValue: false },
});

/** Loads a language's strings once. */
export async function ensureLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  if (language === 'en') {
    const { default: en } = await import('@/locales/en.json');
    i18n.addResourceBundle('en', 'translation', en);
  }
}

/**
 * The Spanish legal text (the largest section) is only needed by the terms page, so it is not in
 * every page's first download; the terms route loads it with its component. English is one file.
 */
export async function ensureTerms(): Promise<void> {
  if (i18n.exists('terms.title', { lng: 'es', fallbackLng: false })) return;
  const { default: esTerms } = await import('@/locales/es-terms.json');
  i18n.addResourceBundle('es', 'translation', esTerms, true, true);
}

/** Switches the interface language, loading its strings first. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
