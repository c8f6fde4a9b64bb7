/**
 * Shell of the signed-in area (/user, /dashboard, /analysis/*, /entry/*): checks the session first
 * (spinner, or redirect to /auth/login), then shows a one-row header (logo, the user's e-mail,
 * language, menu button) and the side navigation with icons, which marks the current section on
 * nested routes too and folds behind the menu button below 768 px. With more than one workspace the
 * header has a switcher; once the account is no longer a member of the workspace it acts in (any
 * call answered `no_team_access`) the screen gives way to
 * 'Ya no tienes acceso a este equipo' (ADR 0019).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { CreditCard, KeyRound, LayoutDashboard, Menu, Users, X, type LucideIcon } from 'lucide-react';
import '@/app/layouts/app-shell-layout.css';
import { shellSection, type ShellSection } from '@/app/layouts/shell-section';
import { Alert } from '@/components/alert';
import { LanguageSwitch } from '@/components/language-switch';
import { SiteHeader } from '@/components/site-header';
import { SessionGate } from '@/components/session/session-gate';
import { LogoutButton, SignedInUser } from '@/components/session/shell-header-parts';
import { useLogout } from '@/components/session/use-logout';
import { paths } from '@/config/paths';
import { TrialEndedBanner } from '@/features/billing-status';
import { NoTeamAccess, WorkspaceSwitcher } from '@/features/team';
import { useTeamAccessLost } from '@/lib/team-access-lost';
import type { UserDto } from '@/lib/api-types/UserDto';

const NAV_ID = 'shell-nav';

interface NavItem {
  section: ShellSection;
  to: string;
  label: string;
  Icon: LucideIcon;
}

export function AppShellLayout() {
  return <SessionGate>{(user) => <Shell user={user} />}</SessionGate>;
}

function Shell({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout(paths.landing);
  const lost = useTeamAccessLost();
  const closeMenu = () => setMenuOpen(false);
  const current = shellSection(pathname);
  const items: NavItem[] = [
    { section: 'dashboard', to: paths.dashboard, label: t('shell.dashboard'), Icon: LayoutDashboard },
    { section: 'team', to: paths.team, label: t('shell.team'), Icon: Users },
    { section: 'billing', to: paths.user.billing, label: t('shell.billing'), Icon: CreditCard },
    { section: 'profile', to: paths.user.profile, label: t('shell.changePassword'), Icon: KeyRound },
  ];

  // Escape closes the open menu and gives focus back to the button that opened it.
  const onNavKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      closeMenu();
      toggleRef.current?.focus();
    }
  };

  return (
    <div className="page">
      <SiteHeader home={paths.dashboard} inner="shell-header">
        <div className="shell-header__end">
          <WorkspaceSwitcher className="shell-header__switcher" />
          <SignedInUser email={user.email} />
          <LanguageSwitch />
          <button
            ref={toggleRef}
            type="button"
            className="button button--ghost button--icon shell-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={NAV_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={20} /> : <Menu aria-hidden="true" size={20} />}
            <span className="visually-hidden">{menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}</span>
          </button>
        </div>
      </SiteHeader>
      <div className="app-shell">
        <nav
          id={NAV_ID}
          className="app-shell__nav"
          data-open={menuOpen}
          aria-label={t('shell.nav')}
          onKeyDown={onNavKeyDown}
        >
          {/* On phones the header has no room for the e-mail; the open menu says who is signed in. */}
          <p className="shell-nav__user">
            <span className="visually-hidden">{t('shell.signedInAs')} </span>
            {user.email}
          </p>
          {items.map(({ section, to, label, Icon }) => (
            <Link
              key={section}
              to={to}
              className="shell-nav__link"
              aria-current={current === section ? 'page' : undefined}
              onClick={closeMenu}
            >
              <Icon aria-hidden="true" size={18} />
              {label}
            </Link>
          ))}
          <LogoutButton logout={logout} label={t('shell.logout')} className="shell-nav__link shell-nav__logout" />
          {logout.isError ? <Alert tone="error">{t('shell.logoutFailed')}</Alert> : null}
        </nav>
        <main id="main" className="app-shell__main">
          {/*
            SLOT — billing: the yellow 'Trial ended' banner (product §2, Authenticated shell) renders here,
            above the screen, while the user has no active subscription and is not on a billing route.
          */}
          {lost ? (
            <NoTeamAccess />
          ) : (
            <>
              <TrialEndedBanner />
              <Outlet />
            </>
          )}
        </main>
      </div>
    </div>
  );
}
