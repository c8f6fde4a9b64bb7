/**
 * The card each screen of the participation sits in (input, screener, resume, permissions,
 * thank-you), named by its h1. The h1 is focusable (tabIndex -1) because the flow moves focus to
 * it when the screen changes (participation-flow.tsx). `icon` goes above the title.
 */
import type { ReactNode } from 'react';

interface ParticipateCardProps {
  titleId: string;
  title: string;
  /** Added after 'card card--snug participate-card'. */
  className?: string;
  testId?: string;
  icon?: ReactNode;
  children: ReactNode;
}

export function ParticipateCard({ titleId, title, className, testId, icon, children }: ParticipateCardProps) {
  return (
    <section
      className={['card card--snug participate-card', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      {icon}
      <h1 id={titleId} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
