/**
 * A page outside every layout (an unknown URL, a screen that crashed): the message in a card on
 * its own, and the way back home.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

interface StandalonePageProps {
  title: string;
  backHome: string;
  /** 'alert' when the page reports a failure. */
  role?: 'alert';
  /** Above the title: the logo's mark. */
  mark?: ReactNode;
  /** Under the title: what happened. */
  children?: ReactNode;
}

export function StandalonePage({ title, backHome, role, mark, children }: StandalonePageProps) {
  return (
    <main id="main" className="standalone">
      <div className="standalone__card" role={role}>
        {mark ? <span className="standalone__mark">{mark}</span> : null}
        <h1>{title}</h1>
        {children}
        <Link to={paths.landing} className="button button--primary">
          {backHome}
        </Link>
      </div>
    </main>
  );
}
