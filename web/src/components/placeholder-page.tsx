/** Stand-in screen for content a later issue fills: the screen's heading and a "coming soon" line. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PlaceholderPageProps {
  title: string;
  children?: ReactNode;
}

export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <section className="card card--roomy placeholder">
      <h1>{title}</h1>
      <p className="placeholder__note">{t('common.comingSoon')}</p>
      {children}
    </section>
  );
}
