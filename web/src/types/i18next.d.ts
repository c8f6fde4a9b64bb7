/** Types i18next keys against the Spanish locale files, so a missing or misspelt key fails `tsc`. */
import 'i18next';
import type es from '@/locales/es.json';
import type esParticipate from '@/locales/es-participate.json';
import type esTerms from '@/locales/es-terms.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The app's strings, the participation page's (which the app shows too) and the legal text.
    resources: { translation: typeof es & typeof esParticipate & typeof esTerms };
  }
}
