/** Vitest set-up: translations loaded, DOM cleaned and language/storage reset between tests. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { DEFAULT_LANGUAGE } from '@/config/constants';
import { ensureLanguage, ensureTerms, i18n } from '@/app/i18n';

// Tests switch with i18n.changeLanguage directly: have English loaded up front.
await ensureLanguage('en');
await ensureTerms();

// jsdom lacks scrolling; React Router's <ScrollRestoration> calls it on every navigation.
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  window.localStorage.clear();
});
