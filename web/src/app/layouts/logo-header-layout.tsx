/** Layout with a logo-only header (plus the language picker), for /auth and the participation flow. */
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export function LogoHeaderLayout() {
  const { t } = useTranslation();
  return (
    <div className="page page--focused">
      <header className="site-header site-header--minimal">
        <div className="site-header__inner container">
          <Link to={paths.landing} className="site-header__brand" aria-label={t('header.homeLink')}>
            <Logo />
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="page__main container container--narrow">
        <Outlet />
      </main>
    </div>
  );
}
