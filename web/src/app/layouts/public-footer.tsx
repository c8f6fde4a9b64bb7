/** Public site footer: tagline, links to the legal pages, copyright. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <Logo />
          <p>{t('footer.tagline')}</p>
        </div>
        <nav className="site-footer__nav" aria-label={t('footer.nav')}>
          <Link to={paths.terms}>{t('footer.terms')}</Link>
          <Link to={paths.faq}>{t('footer.faq')}</Link>
        </nav>
        <p className="site-footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
