/**
 * The one modal dialog of the app, on the native `<dialog>` element opened with `showModal()`: the
 * browser puts it in the top layer, makes the page behind it inert and gives it a `::backdrop`.
 * What the element leaves to us: focus placement (`initialFocus`, else the first control, else the
 * dialog), Tab kept inside (the native dialog lets it escape to the browser's toolbar), Escape and
 * backdrop clicks routed through `onClose` (a dialog without `onClose` cannot be dismissed, and
 * none can while `busy`), and focus given back to the opener, or to `fallbackFocus` when the opener
 * is gone (the row of a deleted item). ADR 0007 explains why native instead of a library.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import '@/components/ui/dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: ReactNode;
  /** The sentence that explains the dialog; screen readers read it with the title. */
  description?: ReactNode;
  /** Anything else: forms, lists, errors. Described by it when there is no `description`. */
  children?: ReactNode;
  /** The buttons, right-aligned under the content. */
  actions?: ReactNode;
  /** 'alertdialog' for confirmations of destructive or irreversible actions. */
  role?: 'dialog' | 'alertdialog';
  /** Escape and a click on the backdrop call it; without it the dialog cannot be dismissed. */
  onClose?: () => void;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close; defaults to whatever had focus when the dialog opened. */
  returnFocus?: HTMLElement | null;
  fallbackFocus?: () => HTMLElement | null | undefined;
  icon?: ReactNode;
  tone?: 'default' | 'success' | 'danger';
  size?: 'sm' | 'md';
  testId?: string;
}

export function Dialog({
  title,
  description,
  children,
  actions,
  role = 'dialog',
  onClose,
  busy = false,
  initialFocus,
  returnFocus,
  fallbackFocus,
  icon,
  tone = 'default',
  size = 'sm',
  testId,
}: DialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The latest props, read by the mount effect without re-running it: focus is placed once.
  const latest = useRef({ initialFocus, returnFocus, fallbackFocus });
  latest.current = { initialFocus, returnFocus, fallbackFocus };
  const dismiss = () => {
    if (!busy) onClose?.();
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const opener = latest.current.returnFocus ?? active;
    // jsdom (unit tests) has no showModal; `open` shows the element there.
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    const first = latest.current.initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    first.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
      else latest.current.fallbackFocus?.()?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Stop the native close: the dialog lives as long as the caller renders it.
      event.preventDefault();
      event.stopPropagation();
      dismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    const focusable = Array.from(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const inside = dialog?.contains(active) ?? false;
    if (event.shiftKey && (active === first || active === dialog || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  const describedBy =
    description !== undefined ? `${id}-description` : children !== undefined ? `${id}-body` : undefined;
  return (
    <dialog
      ref={dialogRef}
      className={`dialog dialog--${size} dialog--${tone}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      tabIndex={-1}
      data-testid={testId}
      onKeyDown={onKeyDown}
      // Other close requests (Android back, CloseWatcher) arrive as `cancel`.
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      // The panel fills the element, so a press whose target is the element itself hit the backdrop.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
    >
      <div className="dialog__panel">
        {icon ? (
          <span className="dialog__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        {description !== undefined ? (
          <div id={`${id}-description`} className="dialog__description">
            {description}
          </div>
        ) : null}
        {children !== undefined ? (
          <div id={`${id}-body`} className="dialog__body">
            {children}
          </div>
        ) : null}
        {actions ? <div className="dialog__actions">{actions}</div> : null}
      </div>
    </dialog>
  );
}
