/**
 * The two buttons of a confirmation's action row: Cancel (ghost, disabled while the action is on
 * its way; give it `cancelRef` to start focus there, the safe choice) and the confirming
 * BusyButton. The caller picks the words (the busy label included) and the confirm's colour.
 */
import type { RefObject } from 'react';
import { BusyButton } from '@/components/ui/busy-button';

interface ConfirmActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  cancelRef?: RefObject<HTMLButtonElement | null>;
  confirmLabel: string;
  /** 'button button--primary', or 'button button--danger' for deletions and leaving. */
  confirmClass: string;
  busy: boolean;
  /** The spinner before the busy label. */
  spinner?: boolean;
  onConfirm: () => void;
}

export function ConfirmActions({
  cancelLabel,
  onCancel,
  cancelRef,
  confirmLabel,
  confirmClass,
  busy,
  spinner,
  onConfirm,
}: ConfirmActionsProps) {
  return (
    <>
      <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <BusyButton className={confirmClass} busy={busy} spinner={spinner} onClick={onConfirm}>
        {confirmLabel}
      </BusyButton>
    </>
  );
}
