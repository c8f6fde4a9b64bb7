/** Browser entry point: loads styles and translations, then mounts the app into #root. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import '@/styles.css';
import { App } from '@/app/app';
import { reloadOnStaleChunk } from '@/lib/reload-on-stale-chunk';

reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
