/**
 * Build-time prerender (scripts/prerender.mjs): renders a public page of `siteRoutes` to HTML in
 * Node, in Spanish (the page's HTML) or English (fetched when a visitor wants it). The browser
 * paints the page from its first HTML byte and web/src/site/ adds the behaviour of its few
 * interactive parts; no framework runs on these pages (ADR 0011). Only pages without data or
 * session state belong here.
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { siteRoutes } from '@/app/routes';
import { routeMeta } from '@/app/use-route-title';
import type { Language } from '@/config/constants';
import { ensureLanguage, ensureTerms, i18n } from '@/app/i18n';

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description: string;
  lang: string;
}

export async function prerender(path: string, language: Language): Promise<PrerenderedPage> {
  await ensureLanguage(language);
  await ensureTerms();
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(siteRoutes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects; only plain pages can be prerendered`);
  if (context.statusCode !== 200) throw new Error(`${path} answers ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline data script (the CSP forbids inline scripts, and nothing hydrates).
  const html = renderToStaticMarkup(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return {
    html,
    ...routeMeta(
      context.matches.map((match) => match.route),
      i18n,
    ),
    lang: i18n.language,
  };
}
