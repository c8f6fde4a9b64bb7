/**
 * Layout of /admin: its own session check (spinner, or redirect to /auth/login), a nav bar with
 * admin home, the workspaces, the waitlist, login, register and logout, and a refusal instead of the screen for
 * non-admins.
 */
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { ListChecks, LogIn, ShieldCheck, UserPlus, Users } from 'lucide-react';
import '@/app/layouts/app-shell-layout.css';
import { Alert } from '@/components/alert';
import { LanguageSwitch } from '@/components/language-switch';
import { SiteHeader } from '@/components/site-header';
import { SessionGate } from '@/components/session/session-gate';
import { LogoutButton, SignedInUser } from '@/components/session/shell-header-parts';
import { useLogout } from '@/components/session/use-logout';
import { paths } from '@/config/paths';
import type { UserDto } from '@/lib/api-types/UserDto';

export function AdminLayout() {
  return <SessionGate>{(user) => <Admin user={user} />}</SessionGate>;
}

function Admin({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const logout = useLogout(paths.landing);

  return (
    <div className="page">
      <SiteHeader home={paths.admin}>
        <nav className="site-nav admin-nav" aria-label={t('shell.admin.nav')}>
          <NavLink to={paths.admin} end>
            <ShieldCheck aria-hidden="true" size={18} />
            {t('shell.admin.home')}
          </NavLink>
          <NavLink to={`${paths.admin}/workspaces`}>
            <Users aria-hidden="true" size={18} />
            {t('admin.nav.workspaces')}
          </NavLink>
          <NavLink to={`${paths.admin}/waitlist`}>
            <ListChecks aria-hidden="true" size={18} />
            {t('admin.nav.waitlist')}
          </NavLink>
          <NavLink to={paths.auth.login}>
            <LogIn aria-hidden="true" size={18} />
            {t('shell.admin.login')}
          </NavLink>
          <NavLink to={paths.auth.register}>
            <UserPlus aria-hidden="true" size={18} />
            {t('shell.admin.register')}
          </NavLink>
          <LogoutButton logout={logout} label={t('shell.admin.logout')} />
        </nav>
        <div className="shell-header__end">
          <SignedInUser email={user.email} />
          <LanguageSwitch />
        </div>
      </SiteHeader>
      <main id="main" className="page__main container">
        {logout.isError ? <Alert tone="error">{t('shell.logoutFailed')}</Alert> : null}
        {user.role === 'admin' ? (
          <Outlet />
        ) : (
          <Alert tone="error" title={t('shell.admin.notAuthorized')} testId="admin-refusal">
            <p>
              <Link to={paths.auth.login}>{t('shell.admin.loginAgain')}</Link>
            </p>
          </Alert>
        )}
      </main>
    </div>
  );
}
