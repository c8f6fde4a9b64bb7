/**
 * A small status label (analysis open/closed, subscription state, recording state). The tone is
 * colour only: the text must say the status by itself. Icons inside are decorative.
 */
import type { ReactNode } from 'react';
import '@/components/ui/badge.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge({
  tone = 'neutral',
  icon,
  children,
  testId,
}: {
  tone?: BadgeTone;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className={`badge badge--${tone}`} data-testid={testId}>
      {icon ? (
        <span className="badge__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </span>
  );
}
