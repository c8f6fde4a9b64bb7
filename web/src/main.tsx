/** Browser entry point: loads styles and translations, then mounts the app into #root. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguage, setLanguage } from '@/lib/i18n';
import '@/styles.css';
import { App } from '@/app/app';
import { reloadOnStaleChunk } from '@/lib/reload-on-stale-chunk';

reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The remembered language is loaded before the first render, so no Spanish flash for English users.
await setLanguage(initialLanguage).catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
