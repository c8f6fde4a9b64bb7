/**
 * The bar at the top of every routed page: the logo, linking to the page's home, and whatever the
 * page puts beside it (navigation, account, language). `minimal` is the slimmer bar of the focused
 * pages. The participation page has no router and draws its own (`LogoHeaderPage`).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';

interface SiteHeaderProps {
  /** Where the logo leads: the landing page, the dashboard or the admin home. */
  home: string;
  /** The logo link's accessible name where the logo alone doesn't say where it goes. */
  homeLabel?: string;
  /** The inner row's class: the centred container, or the app shell's full-width row. */
  inner?: string;
  minimal?: boolean;
  children: ReactNode;
}

export function SiteHeader({
  home,
  homeLabel,
  inner = 'site-header__inner container cluster-between',
  minimal = false,
  children,
}: SiteHeaderProps) {
  return (
    <header className={minimal ? 'site-header site-header--minimal' : 'site-header'}>
      <div className={inner}>
        <Link to={home} className="site-header__brand" aria-label={homeLabel}>
          <Logo />
        </Link>
        {children}
      </div>
    </header>
  );
}
