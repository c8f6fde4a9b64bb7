/**
 * What every page React renders has around its layout: the skip link to #main, and <html
 * data-interactive> once mounted. A prerendered page is on screen (and scrollable) before its
 * buttons work, and the browser tests wait for this mark to use them. Shared by the app's root
 * route and the participation page, which has no router (ADR 0011).
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PageRoot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {children}
    </>
  );
}
