/**
 * The confirmation before a state change or deletion, built on the one Dialog: an alertdialog
 * whose focus starts on Cancel (the safe choice); Escape, Cancel or a click outside cancel (unless
 * busy). Labels come from the caller so each feature keeps its own words.
 */
import { useRef, type ReactNode } from 'react';
import { ConfirmActions } from '@/components/confirm-actions';
import { Dialog, type DialogProps } from '@/components/ui/dialog';

/** Dialog's own options pass through: its icon and tone, a test id, and where focus goes after. */
export interface ConfirmDialogProps extends Pick<
  DialogProps,
  'icon' | 'tone' | 'testId' | 'returnFocus' | 'fallbackFocus'
> {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Replaces the confirm label while `busy`. */
  busyLabel?: string;
  /** Red confirm button, for deletions and cancellations. */
  destructive?: boolean;
  busy?: boolean;
  /** Shown inside the dialog, e.g. the server's refusal. */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  busyLabel,
  destructive = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
  ...dialog
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={body}
      busy={busy}
      onClose={onCancel}
      initialFocus={cancelRef}
      {...dialog}
      actions={
        <ConfirmActions
          cancelLabel={cancelLabel}
          onCancel={onCancel}
          cancelRef={cancelRef}
          confirmLabel={busy && busyLabel ? busyLabel : confirmLabel}
          confirmClass={destructive ? 'button button--danger' : 'button button--primary'}
          busy={busy}
          onConfirm={onConfirm}
        />
      }
    >
      {error}
    </Dialog>
  );
}
