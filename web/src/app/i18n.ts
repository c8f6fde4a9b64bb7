/**
 * The app's strings (lib/i18n.ts does the set-up): every feature's Spanish is bundled, English is
 * fetched when chosen. The participation page's strings live in their own files, which that page's
 * entry bundles alone (ADR 0011); the app shows some of them too (its name, the language picker),
 * so it merges them with its own. Importing this module starts i18next.
 */
import { i18n, initI18n } from '@/lib/i18n';
import es from '@/locales/es.json';
import esErrors from '@/locales/es-errors.json';
import esParticipate from '@/locales/es-participate.json';

initI18n([esParticipate, es, esErrors], {
  en: async () => {
    const [participate, app, errors] = await Promise.all([
      import('@/locales/en-participate.json'),
      import('@/locales/en.json'),
      import('@/locales/en-errors.json'),
    ]);
    return [participate.default, app.default, errors.default];
  },
});

/**
 * The Spanish legal text (the largest section) is only needed by the terms page, so it is not in
 * every page's first download; the terms route loads it with its component. English has it in en.json.
 */
export async function ensureTerms(): Promise<void> {
  if (i18n.exists('terms.title', { lng: 'es', fallbackLng: false })) return;
  const { default: esTerms } = await import('@/locales/es-terms.json');
  i18n.addResourceBundle('es', 'translation', esTerms, true, true);
}

export { ensureLanguage, i18n, initialLanguage, setLanguage } from '@/lib/i18n';
