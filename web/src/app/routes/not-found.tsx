/** Catch-all screen for unknown URLs (product §2): the secret-place title and a way back home. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '@/components/logo';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="standalone">
      <div className="standalone__card">
        <span className="standalone__mark">
          <LogoMark size={56} />
        </span>
        <h1>{t('notFound.title')}</h1>
        <Link to={paths.landing} className="button button--primary">
          {t('notFound.backHome')}
        </Link>
      </div>
    </main>
  );
}
