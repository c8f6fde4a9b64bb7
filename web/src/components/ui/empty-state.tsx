/**
 * What a screen shows when there is nothing yet: an icon, a title, one sentence and, when the user
 * can change that, the call to action (a link or button passed by the caller).
 */
import type { ReactNode } from 'react';
import '@/components/ui/empty-state.css';

interface EmptyStateProps {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ icon, title, children, action, testId }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-state__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
