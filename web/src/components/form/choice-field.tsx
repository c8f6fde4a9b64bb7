/**
 * One question as a native radio group (ADR 0012): a fieldset named by its legend, so screen
 * readers announce the question, and the browser's own arrow-key handling moves and selects
 * within it. A scale shows its end labels under the options; the end options also carry them in
 * their accessible names ('1, Muy difícil'), starting with the visible number. Shared by the
 * participant's question screens and the question builder's preview (issue 45).
 */
import '@/components/form/form.css';
import '@/components/form/choice-field.css';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  /** Read by screen readers after the label, e.g. the scale's end. */
  hint?: string;
}

interface ChoiceFieldProps<T extends string | number> {
  name: string;
  legend: string;
  choices: Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Shown under a scale: its two ends. */
  ends?: [string, string];
  invalid?: boolean;
  testId?: string;
}

export function ChoiceField<T extends string | number>({
  name,
  legend,
  choices,
  value,
  onChange,
  ends,
  invalid,
  testId,
}: ChoiceFieldProps<T>) {
  return (
    <fieldset className="choice-field" data-invalid={invalid || undefined} data-testid={testId}>
      <legend className="form-legend choice-field__legend">{legend}</legend>
      <div className={ends ? `choice-field__scale choice-field__scale--${choices.length}` : 'cluster'}>
        {choices.map((choice) => (
          <label key={choice.value} className="choice-field__option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              // The visible number first, then what the end means ('1, Muy difícil').
              aria-label={choice.hint ? `${choice.label}, ${choice.hint}` : undefined}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {ends ? (
        <p className="choice-field__ends" aria-hidden="true">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </p>
      ) : null}
    </fieldset>
  );
}
