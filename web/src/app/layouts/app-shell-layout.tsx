/** Placeholder shell of the signed-in area: header and side navigation; session checks come later. */
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export function AppShellLayout() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="site-header">
        <div className="site-header__inner container">
          <Link to={paths.dashboard} className="site-header__brand">
            <Logo />
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <div className="shell container">
        {/* Spec side navigation; 'Cerrar sesión' (logout) arrives with the accounts issue. */}
        <nav className="shell__nav" aria-label={t('shell.nav')}>
          <NavLink to={paths.dashboard}>{t('shell.dashboard')}</NavLink>
          <NavLink to={paths.user.profile}>{t('shell.changePassword')}</NavLink>
        </nav>
        <main id="main" className="shell__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
