/** Error boundary for the whole route tree: a calm message instead of a blank page when a screen throws. */
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '@/app/routes/not-found';
import { paths } from '@/config/paths';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="standalone">
      <div className="standalone__card" role="alert">
        <h1>{t('titles.error')}</h1>
        <p>{t('routeError.description')}</p>
        <Link to={paths.landing} className="button button--primary">
          {t('routeError.backHome')}
        </Link>
      </div>
    </main>
  );
}
