/** Outermost route element: skip link, per-route <title> and scroll restoration around every layout. */
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from '@/app/use-route-title';

export function RootLayout() {
  const { t } = useTranslation();
  useRouteTitle();
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
