/** Types i18next keys against the Spanish locale, so a missing or misspelt key fails `tsc`. */
import 'i18next';
import type es from '@/locales/es.json';
import type esTerms from '@/locales/es-terms.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof es & typeof esTerms };
  }
}
