/**
 * A labelled input bound to the surrounding <Form>: shows the field's error under it, linked with
 * aria-describedby and flagged with aria-invalid, and an optional hint linked the same way.
 */
import { useId, type HTMLInputAutoCompleteAttribute } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/components/form/translation-key';

interface TextFieldProps<TFieldValues extends FieldValues> {
  name: Path<TFieldValues>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  hint?: string;
  required?: boolean;
}

export function TextField<TFieldValues extends FieldValues = FieldValues>({
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  required = false,
}: TextFieldProps<TFieldValues>) {
  const { t, i18n } = useTranslation();
  const { register, getFieldState, formState } = useFormContext<TFieldValues>();
  const id = useId();
  const { error } = getFieldState(name, formState);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // Schema messages are locale keys; anything else (a literal) is shown as it is.
  const message = error?.message;
  const errorText = message && i18n.exists(message) ? t(message as TranslationKey) : message;
  const describedBy = [hint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field" data-invalid={errorText ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type={type}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy}
        {...register(name)}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} className="field__error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
