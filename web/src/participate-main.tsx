/**
 * Browser entry point of the participation page (/participate, /participate/:id; ADR 0011): what
 * every participant downloads first, so it is the flow alone, without the app's router, query
 * cache, layouts and strings. It loads the styles, the page's own strings and the remembered
 * language, then mounts the page into the shell's empty #root. The worker serves this entry's
 * HTML (participate.html, written by scripts/prerender.mjs) for both paths.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, initialLanguage, setLanguage } from '@/lib/i18n';
import esParticipate from '@/locales/es-participate.json';
import '@/styles.css';
import { ParticipatePage } from '@/features/participate/routes/participate-page';
import { reloadOnStaleChunk } from '@/lib/reload-on-stale-chunk';

reloadOnStaleChunk();
// Spanish error texts are the server's own (lib/error-wording.ts), so this page's first download
// leaves es-errors.json out; English fetches its error texts with the rest of its strings.
initI18n([esParticipate], {
  en: async () => {
    const [participate, errors] = await Promise.all([
      import('@/locales/en-participate.json'),
      import('@/locales/en-errors.json'),
    ]);
    return [participate.default, errors.default];
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('participate.html has no #root element');

// The remembered language is loaded before the first render, so English users see no Spanish flash.
await setLanguage(initialLanguage).catch(() => undefined);
createRoot(container).render(
  <StrictMode>
    <ParticipatePage />
  </StrictMode>,
);
