/**
 * Outermost route element: skip link, per-route <title> and scroll restoration around every layout.
 * It also marks <html data-interactive> once the app has mounted: a prerendered page is on screen
 * (and scrollable) before its buttons work, and the browser tests wait for this mark to use them.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from '@/app/use-route-title';

export function RootLayout() {
  const { t } = useTranslation();
  useRouteTitle();
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
