/** i18next set-up: Spanish by default, English on request; remembers the choice and keeps <html lang> in step. */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@/config/constants';
import en from '@/locales/en.json';
import es from '@/locales/es.json';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The stored choice, or Spanish; storage can throw (privacy modes), which must not break the app. */
export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the current page still switches.
  }
}

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Resources are bundled, so initialisation is synchronous and the first render is translated.
  initAsync: false,
  // React already escapes text.
  interpolation: { escapeValue: false },
});

export { i18n };
