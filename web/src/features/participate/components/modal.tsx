/**
 * The flow's modal dialog: role="dialog" (or "alertdialog"), aria-modal, labelled by its title and
 * described by its body. Focus moves inside when it opens (to `initialFocus`, else the dialog), Tab
 * stays inside, Escape calls `onEscape` when given (unclosable modals give none), and focus returns
 * to the element that opened it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Escape closes the modal through this; without it Escape does nothing. */
  onEscape?: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  icon?: ReactNode;
  tone?: 'default' | 'success' | 'danger';
  testId?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ title, children, actions, role = 'dialog', onEscape, initialFocus, icon, tone = 'default', testId }: ModalProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? dialogRef.current)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Focus is placed once, when the modal opens; a later `initialFocus` must not steal it back.
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape?.();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="participate-modal-backdrop">
      <div
        ref={dialogRef}
        className={`participate-modal participate-modal--${tone}`}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {icon ? (
          <span className="participate-modal__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <h2 id={`${id}-title`} className="participate-modal__title">
          {title}
        </h2>
        <div id={`${id}-body`} className="participate-modal__body">
          {children}
        </div>
        {actions ? <div className="participate-modal__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
