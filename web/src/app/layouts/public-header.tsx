/**
 * Public site header: logo, Home/Terms/FAQ links, login and sign-up buttons, language; collapses on
 * phones. Rendered to HTML at build time only (ADR 0011): the menu button's behaviour is
 * web/src/site/menu.ts, which reads both of its labels from the data attributes here.
 */
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { SiteHeader } from '@/components/site-header';
import { paths } from '@/config/paths';

export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <SiteHeader home={paths.landing} homeLabel={t('header.homeLink')}>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={false}
        aria-controls="site-header-panel"
        data-open-label={t('header.openMenu')}
        data-close-label={t('header.closeMenu')}
      >
        <span className="menu-toggle__bars" aria-hidden="true" />
        <span className="visually-hidden">{t('header.openMenu')}</span>
      </button>
      <div id="site-header-panel" className="site-header__panel" data-open={false}>
        <nav className="site-nav" aria-label={t('header.mainNav')}>
          <NavLink to={paths.home}>{t('header.home')}</NavLink>
          <NavLink to={paths.terms}>{t('header.terms')}</NavLink>
          <NavLink to={paths.faq}>{t('header.faq')}</NavLink>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitch />
          <Link to={paths.auth.login} className="button button--ghost">
            {t('header.login')}
          </Link>
          <Link to={paths.auth.register} className="button button--primary">
            {t('header.register')}
          </Link>
        </div>
      </div>
    </SiteHeader>
  );
}
