/**
 * Browser entry point of the app: loads styles and the remembered language, then mounts the app
 * into the shell's empty #root. The public pages are not the app's: they are prerendered HTML with
 * their own small script (site/main.ts, ADR 0011).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguage, setLanguage } from '@/app/i18n';
import '@/styles.css';
import { App, createAppRouter } from '@/app/app';
import { routes } from '@/app/routes';
import { warmStart } from '@/app/warm-start';
import { createQueryClient } from '@/lib/query-client';
import { reloadOnStaleChunk } from '@/lib/reload-on-stale-chunk';

reloadOnStaleChunk();

// Before anything waits: the first screen's code and data start loading now (app/warm-start.ts).
const queryClient = createQueryClient();
warmStart(routes, window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The remembered language is loaded before the first render, so English users see no Spanish flash.
await setLanguage(initialLanguage).catch(() => undefined);
createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter()} queryClient={queryClient} />
  </StrictMode>,
);
