/**
 * Shell of the signed-in area (/user, /dashboard, /analysis/*, /entry/*): checks the session first
 * (spinner, or redirect to /auth/login), then shows the header with the user's e-mail and the side
 * navigation, which folds behind a menu button below 768 px.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import '@/app/layouts/app-shell-layout.css';
import { Alert } from '@/components/alert';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { SessionGate } from '@/components/session/session-gate';
import { LogoutButton, SignedInUser } from '@/components/session/shell-header-parts';
import { useLogout } from '@/components/session/use-logout';
import { paths } from '@/config/paths';
import { TrialEndedBanner } from '@/features/billing-status';
import type { UserDto } from '@/lib/api-types/UserDto';

const NAV_ID = 'shell-nav';

export function AppShellLayout() {
  return <SessionGate>{(user) => <Shell user={user} />}</SessionGate>;
}

function Shell({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout(paths.landing);
  const closeMenu = () => setMenuOpen(false);

  // Escape closes the open menu and gives focus back to the button that opened it.
  const onNavKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      closeMenu();
      toggleRef.current?.focus();
    }
  };

  return (
    <div className="page">
      <header className="site-header">
        <div className="site-header__inner container">
          <Link to={paths.dashboard} className="site-header__brand">
            <Logo />
          </Link>
          <div className="shell-header__end">
            <SignedInUser email={user.email} />
            <LanguageSwitch />
            <button
              ref={toggleRef}
              type="button"
              className="menu-toggle shell-menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={NAV_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="menu-toggle__bars" aria-hidden="true" />
              <span className="visually-hidden">{menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}</span>
            </button>
          </div>
        </div>
      </header>
      <div className="shell container">
        <nav id={NAV_ID} className="shell__nav" data-open={menuOpen} aria-label={t('shell.nav')} onKeyDown={onNavKeyDown}>
          <NavLink to={paths.dashboard} onClick={closeMenu}>
            {t('shell.dashboard')}
          </NavLink>
          <NavLink to={paths.user.profile} onClick={closeMenu}>
            {t('shell.changePassword')}
          </NavLink>
          <LogoutButton logout={logout} label={t('shell.logout')} />
          {logout.isError ? <Alert tone="error">{t('shell.logoutFailed')}</Alert> : null}
        </nav>
        <main id="main" className="shell__main">
          {/*
            SLOT — billing: the yellow 'Trial ended' banner (spec §2, Authenticated shell) renders here,
            above the screen, while the user has no active subscription and is not on a billing route.
          */}
          <TrialEndedBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
