/**
 * Browser entry point: loads styles and translations, then mounts the app into #root, or hydrates
 * it where the build prerendered the page (scripts/prerender.mjs: the landing page, in Spanish).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE } from '@/config/constants';
import { initialLanguage, isLanguage, setLanguage } from '@/lib/i18n';
import '@/styles.css';
import { App, createAppRouter, type AppRouter } from '@/app/app';
import { reloadOnStaleChunk } from '@/lib/reload-on-stale-chunk';

reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const prerendered = container.firstElementChild !== null;
const router = createAppRouter(prerendered);
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

/** Resolves once the router has loaded the lazy route modules of the first page, if any. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// A visitor may have picked a language on the prerendered page before the app started; the
// switch then only changed the <select>, so its value is the choice to honour.
const picked = [...container.querySelectorAll<HTMLSelectElement>('select[data-language-switch]')]
  .map((select) => select.value)
  .find((value) => value !== DEFAULT_LANGUAGE);
const language = isLanguage(picked) ? picked : initialLanguage;

if (prerendered && language === DEFAULT_LANGUAGE) {
  // The markup is already on screen: React adopts it instead of drawing it again, once the page's
  // lazy modules are there (hydrating before would swap the page for the loading spinner).
  await routerReady(router);
  hydrateRoot(container, app);
} else {
  // The remembered language is loaded before the first render, so no Spanish flash for English
  // users of client-rendered pages (a prerendered page is replaced, in their language, on mount).
  await setLanguage(language).catch(() => undefined);
  createRoot(container).render(app);
}
