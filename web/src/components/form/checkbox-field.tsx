/**
 * A labelled checkbox bound to the surrounding <Form>, with an optional hint linked through
 * aria-describedby. The label is clickable and the box is reached and toggled with the keyboard
 * (Tab, Space) like any native checkbox.
 */
import { useId } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';

interface CheckboxFieldProps<TFieldValues extends FieldValues> {
  name: Path<TFieldValues>;
  label: string;
  hint?: string;
}

export function CheckboxField<TFieldValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
}: CheckboxFieldProps<TFieldValues>) {
  const { register } = useFormContext<TFieldValues>();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        className="field__check"
        aria-describedby={hint ? hintId : undefined}
        {...register(name)}
      />
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
