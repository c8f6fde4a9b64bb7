/**
 * A focused page: a logo-only header (plus the language picker) above one narrow column, for /auth
 * and the participation flow. The logo is a plain link: the landing page is a document of its own
 * (ADR 0011), and the participation page has no router to follow a <Link> with.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export function LogoHeaderPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page page--focused">
      <header className="site-header site-header--minimal">
        <div className="site-header__inner container cluster-between">
          <a href={paths.landing} className="site-header__brand" aria-label={t('header.homeLink')}>
            <Logo />
          </a>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="page__main container container--narrow">
        {children}
      </main>
    </div>
  );
}
