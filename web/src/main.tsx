/**
 * Browser entry point: loads styles and translations, then mounts the app into #root, or hydrates
 * it where the build prerendered the page (scripts/prerender.mjs: the landing page, in Spanish).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE } from '@/config/constants';
import { initialLanguage, setLanguage } from '@/lib/i18n';
import '@/styles.css';
import { App, createAppRouter } from '@/app/app';
import { reloadOnStaleChunk } from '@/lib/reload-on-stale-chunk';

reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const prerendered = container.firstElementChild !== null;
const app = (
  <StrictMode>
    <App router={createAppRouter(prerendered)} />
  </StrictMode>
);

if (prerendered && initialLanguage === DEFAULT_LANGUAGE) {
  // The markup is already on screen: React adopts it instead of drawing it again.
  hydrateRoot(container, app);
} else {
  // The remembered language is loaded before the first render, so no Spanish flash for English
  // users of client-rendered pages (a prerendered page is replaced, in their language, on mount).
  await setLanguage(initialLanguage).catch(() => undefined);
  createRoot(container).render(app);
}
