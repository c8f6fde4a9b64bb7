/**
 * The form's submit button: while the submit handler runs it shows a spinner and `busyLabel`, and
 * ignores further clicks. It stays focusable (aria-disabled, not disabled) so focus is not lost.
 */
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';

interface SubmitButtonProps {
  children: ReactNode;
  busyLabel: string;
}

export function SubmitButton({ children, busyLabel }: SubmitButtonProps) {
  const { formState } = useFormContext();
  const busy = formState.isSubmitting;
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
