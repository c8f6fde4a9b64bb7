/**
 * A submit button that, while `busy`, shows a spinner and `busyLabel` and ignores further clicks.
 * It stays focusable (aria-disabled, not disabled) so focus is not lost. Free of react-hook-form,
 * so a form without it (the participation's input step, ADR 0011) can use it too.
 */
import type { ReactNode } from 'react';

interface BusySubmitButtonProps {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

export function BusySubmitButton({ busy, busyLabel, children }: BusySubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button--primary form__submit"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? (
        <>
          <span className="button__spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
