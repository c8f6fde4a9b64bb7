/**
 * An on/off switch of the design system: a button with `role="switch"` and `aria-checked`, named
 * by its visible label, toggled by click, Enter or Space. The track shows the state by position
 * and colour; the label stays the same, so a screen reader hears 'Descalifica, interruptor, activado'.
 */
import '@/components/ui/switch.css';

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A longer accessible name when the visible label alone is ambiguous (e.g. which option). */
  ariaLabel?: string;
  /** 'danger' when turning it on excludes something (a screener option that disqualifies). */
  tone?: 'primary' | 'danger';
  testId?: string;
}

export function Switch({ label, checked, onChange, ariaLabel, tone = 'primary', testId }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={ariaLabel}
      className={`switch switch--${tone}`}
      onClick={() => onChange(!checked)}
      data-testid={testId}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__label">{label}</span>
    </button>
  );
}
