/**
 * The admin area's modal dialog: labelled by its title and described by its text, focus moves to
 * `initialFocus` (or the first control) on open, Tab cycles inside, Escape or a click on the
 * backdrop closes it (not while `busy`), and focus goes back to `returnFocus` (the control that
 * opened it; passed explicitly because Safari does not focus clicked buttons), or to
 * `fallbackFocus` when that control is gone (e.g. the row of a deleted user).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  /** 'alertdialog' for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  title: string;
  description: ReactNode;
  children: ReactNode;
  onClose: () => void;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close; defaults to whatever had focus when the dialog opened. */
  returnFocus?: HTMLElement | null;
  fallbackFocus?: () => HTMLElement | null | undefined;
  testId?: string;
}

export function Dialog({
  role = 'dialog',
  title,
  description,
  children,
  onClose,
  busy = false,
  initialFocus,
  returnFocus,
  fallbackFocus,
  testId,
}: DialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // The latest props, read by the mount effect without re-running it.
  const latest = useRef({ initialFocus, returnFocus, fallbackFocus });
  latest.current = { initialFocus, returnFocus, fallbackFocus };

  useEffect(() => {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const opener = latest.current.returnFocus ?? active;
    const first = latest.current.initialFocus?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
      else latest.current.fallbackFocus?.()?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const inside = dialogRef.current?.contains(document.activeElement) ?? false;
    if (event.shiftKey && (document.activeElement === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="admin-dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="admin-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        aria-busy={busy || undefined}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="admin-dialog__title">
          {title}
        </h2>
        <div id={`${id}-description`} className="admin-dialog__description">
          {description}
        </div>
        {children}
      </div>
    </div>
  );
}
