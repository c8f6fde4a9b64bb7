/**
 * The frame of a home-page section: a section landmark named by its h2, with the lead under the
 * title in a header block. Most sections use the centred 'section__header'; the demo and the
 * waitlist put the title in a copy column of their own (`headerClass`), which may hold more
 * (`headerExtra`, the demo's checklist).
 */
import type { ReactNode } from 'react';

interface LandingSectionProps {
  id: string;
  titleId: string;
  title: string;
  lead: string;
  /** The section's classes; 'section' plus a modifier. */
  className?: string;
  headerClass?: string;
  headerExtra?: ReactNode;
  children: ReactNode;
}

export function LandingSection({
  id,
  titleId,
  title,
  lead,
  className = 'section',
  headerClass = 'section__header',
  headerExtra,
  children,
}: LandingSectionProps) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <div className={headerClass}>
        <h2 id={titleId}>{title}</h2>
        <p className="section__lead">{lead}</p>
        {headerExtra}
      </div>
      {children}
    </section>
  );
}

/** A line icon of the feature cards and steps: one stroked 24×24 path, decorative. */
export function LineIcon({ path, size }: { path: string; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size}>
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
