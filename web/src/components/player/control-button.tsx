/**
 * An icon button of the player's control bar: its name is its `aria-label`, the same words (with
 * the key that does it) show in a tooltip on hover and focus, and a toggle says whether it is on
 * with `aria-pressed`.
 */
import type { ReactNode } from 'react';
import { Tooltip } from '@/components/ui/tooltip';

interface ControlButtonProps {
  label: string;
  /** The keyboard shortcut, shown in the tooltip and announced through aria-keyshortcuts. */
  shortcut?: { label: string; aria: string };
  /** A lucide icon with aria-hidden. */
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  testId?: string;
}

export function ControlButton({ label, shortcut, icon, onClick, pressed, testId }: ControlButtonProps) {
  return (
    <Tooltip content={shortcut ? `${label} (${shortcut.label})` : label}>
      {(trigger) => (
        <button
          type="button"
          className="button button--ghost button--icon player-control"
          aria-label={label}
          aria-pressed={pressed}
          aria-keyshortcuts={shortcut?.aria}
          data-testid={testId}
          onClick={onClick}
          {...trigger}
        >
          {icon}
        </button>
      )}
    </Tooltip>
  );
}
