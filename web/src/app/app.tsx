/** The whole app: providers around the browser router built from the route table. */
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. `prerendered`: the page arrived as HTML from the build (scripts/prerender.mjs)
 * and the visitor may already have scrolled it; hydration data (there is none to pass) tells the
 * router this is a hydration, so its first render leaves the scroll position alone.
 */
export function createAppRouter(prerendered: boolean): AppRouter {
  return createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
