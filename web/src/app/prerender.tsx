/**
 * Build-time prerender (scripts/prerender.mjs): renders a public page of the real route table to
 * HTML in Node, so the landing page paints from its first HTML byte instead of after the app's
 * JavaScript has downloaded and run on a slow phone. main.tsx then hydrates that markup.
 * Only pages without data or session state belong here; everything else renders in the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { routeMeta } from '@/app/use-route-title';
import { i18n } from '@/lib/i18n';

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description: string;
  lang: string;
}

export async function prerender(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects; only plain pages can be prerendered`);
  if (context.statusCode !== 200) throw new Error(`${path} answers ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The same tree as main.tsx + app.tsx, so hydration finds exactly this markup. hydrate={false}:
  // no inline data script (the CSP forbids inline scripts, and these pages have no loader data).
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, ...routeMeta(context.matches.map((match) => match.route), i18n), lang: i18n.language };
}
