/**
 * A button whose action is on its way (a mutation, a permission request, a finish): it says so
 * with aria-busy, ignores further clicks, and stays focusable (aria-disabled, not disabled) so
 * focus is not lost while it waits. `blocked` holds it back the same way without being the one
 * that is busy (a sibling's action is on its way). `spinner` puts the spinner before the label
 * while busy. The caller picks the label, so each feature keeps its own words.
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

type BusyButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'onClick' | 'aria-busy' | 'aria-disabled'
> & {
  busy: boolean;
  blocked?: boolean;
  spinner?: boolean;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
};

export function BusyButton({
  busy,
  blocked = false,
  spinner = false,
  onClick,
  children,
  className,
  ...rest
}: BusyButtonProps) {
  const held = busy || blocked;
  return (
    <button
      type="button"
      className={className}
      aria-busy={busy || undefined}
      aria-disabled={held || undefined}
      {...rest}
      onClick={() => {
        if (!held) onClick();
      }}
    >
      {busy && spinner ? (
        <>
          <span className="button__spinner" aria-hidden="true" />
          {children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
