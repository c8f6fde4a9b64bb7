/**
 * A radio group of the design system: a fieldset named by its legend, one native radio per option
 * drawn as a bordered choice (the checked one in the primary tint), so the browser's own keys work
 * (Tab into the group, arrows to move and choose) and screen readers announce the question and
 * each option. An optional hint under the legend is linked to the group.
 */
import { useId } from 'react';
import '@/components/ui/radio-group.css';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
}

interface RadioGroupProps<T extends string> {
  legend: string;
  options: readonly RadioOption<T>[];
  value: T;
  onChange: (value: T) => void;
  hint?: string;
  /** A form-wide unique name; one is made up when left out. */
  name?: string;
}

export function RadioGroup<T extends string>({ legend, options, value, onChange, hint, name }: RadioGroupProps<T>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <fieldset className="radio-group" aria-describedby={hint ? hintId : undefined}>
      <legend className="radio-group__legend">{legend}</legend>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio-group__option">
            <input
              type="radio"
              name={name ?? `${id}-radio`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
