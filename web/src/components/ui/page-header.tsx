/**
 * The top of every signed-in screen: an optional back link (or breadcrumb), the screen's one <h1>,
 * an optional line under it, and the screen's actions, which wrap under the title on a phone.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import '@/components/ui/page-header.css';

interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title: counts, status badges, a URL. */
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  /** id of the <h1>, for sections labelled by it. */
  titleId?: string;
}

export function PageHeader({ title, subtitle, back, actions, titleId }: PageHeaderProps) {
  return (
    <header className="page-header">
      {back ? (
        <Link to={back.to} className="page-header__back">
          <ArrowLeft aria-hidden="true" size={16} />
          {back.label}
        </Link>
      ) : null}
      <div className="page-header__row">
        <div className="page-header__text">
          <h1 id={titleId} className="page-header__title">
            {title}
          </h1>
          {subtitle ? <div className="page-header__subtitle">{subtitle}</div> : null}
        </div>
        {actions ? <div className="page-header__actions">{actions}</div> : null}
      </div>
    </header>
  );
}
