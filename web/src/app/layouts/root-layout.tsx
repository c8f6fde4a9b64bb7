/** Outermost route element: the skip link and interactive mark (PageRoot), per-route <title> and scroll restoration around every layout. */
import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from '@/app/use-route-title';
import { PageRoot } from '@/components/page-root';

export function RootLayout() {
  useRouteTitle();
  return (
    <PageRoot>
      <Outlet />
      <ScrollRestoration />
    </PageRoot>
  );
}
