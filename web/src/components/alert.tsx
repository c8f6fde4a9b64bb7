/**
 * A coloured message box. Errors and warnings are announced at once (role="alert"), successes and
 * notes politely (role="status"). `autoFocus` moves focus to it when it replaces the content the
 * user was working in (e.g. a form that disappears after success), so keyboard users are not lost.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import '@/components/alert.css';

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

interface AlertProps {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Extra lines under the message, e.g. the server's validation reasons. */
  details?: readonly string[];
  autoFocus?: boolean;
  className?: string;
  testId?: string;
}

export function Alert({ tone, title, children, details, autoFocus = false, className, testId }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div
      ref={ref}
      role={urgent ? 'alert' : 'status'}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
      tabIndex={autoFocus ? -1 : undefined}
      data-tone={tone}
      data-testid={testId}
    >
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__body">{children}</div> : null}
      {details && details.length > 0 ? (
        <ul className="alert__details">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
