/** Public site header: logo, Home/Terms/FAQ links, login and sign-up buttons, language; collapses on phones. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export function PublicHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to={paths.landing} className="site-header__brand" aria-label={t('header.homeLink')}>
          <Logo />
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-header-panel"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">{open ? t('header.closeMenu') : t('header.openMenu')}</span>
        </button>
        <div id="site-header-panel" className="site-header__panel" data-open={open}>
          <nav className="site-nav" aria-label={t('header.mainNav')}>
            <NavLink to={paths.home} onClick={close}>
              {t('header.home')}
            </NavLink>
            <NavLink to={paths.terms} onClick={close}>
              {t('header.terms')}
            </NavLink>
            <NavLink to={paths.faq} onClick={close}>
              {t('header.faq')}
            </NavLink>
          </nav>
          <div className="site-header__actions">
            <LanguageSwitch />
            <Link to={paths.auth.login} className="button button--ghost" onClick={close}>
              {t('header.login')}
            </Link>
            <Link to={paths.auth.register} className="button button--primary" onClick={close}>
              {t('header.register')}
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
