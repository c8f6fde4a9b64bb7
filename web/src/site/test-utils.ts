/**
 * Test helpers for the public pages' script: a page rendered exactly as the build renders it
 * (app/prerender.tsx), put into the document as the served HTML, and its English version served
 * by a fake fetch at the URL the page names.
 */
import { vi } from 'vitest';
import { prerender, type PrerenderedPage } from '@/app/prerender';
import { i18n } from '@/lib/i18n';

export const ENGLISH_URL = '/assets/public-page.en-test.json';

/** Puts the Spanish prerender of `path` into the document, with title, description and lang. */
export async function servePage(path: string): Promise<{ english: PrerenderedPage }> {
  const english = await prerender(path, 'en');
  const spanish = await prerender(path, 'es');
  document.title = spanish.title;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = spanish.description;
  document.documentElement.lang = spanish.lang;
  delete document.documentElement.dataset.interactive;
  document.body.innerHTML = `<div id="root" data-page-en="${ENGLISH_URL}">${spanish.html}</div>`;
  // The script under test runs in a browser whose i18next state is not ours to share.
  await i18n.changeLanguage('es');
  return { english };
}

/** A fetch that answers the English version at ENGLISH_URL (and `others` by path); counts calls. */
export function serveEnglish(english: PrerenderedPage | 'fail') {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url === ENGLISH_URL && english !== 'fail') {
      return new Response(JSON.stringify(english), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
