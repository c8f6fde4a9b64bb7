/** Error boundary for the whole route tree: a calm message instead of a blank page when a screen throws. */
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '@/app/routes/not-found';
import { StandalonePage } from '@/components/standalone-page';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <StandalonePage title={t('titles.error')} backHome={t('routeError.backHome')} role="alert">
      <p>{t('routeError.description')}</p>
    </StandalonePage>
  );
}
