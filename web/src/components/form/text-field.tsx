/**
 * A labelled input bound to the surrounding <Form>: shows the field's error under it, linked with
 * aria-describedby and flagged with aria-invalid, and an optional hint linked the same way. One
 * component for text, e-mail, password and number inputs and for textareas (`multiline`).
 */
import { useId, type HTMLInputAutoCompleteAttribute } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/components/form/translation-key';

interface TextFieldProps<TFieldValues extends FieldValues> {
  name: Path<TFieldValues>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  hint?: string;
  required?: boolean;
  /** A textarea of this many rows instead of an input. */
  multiline?: number;
  /** Bounds of a number input. */
  min?: number;
  max?: number;
  /** A narrow field (numbers). */
  short?: boolean;
}

/** The translated message of a field error: schema messages are locale keys, others literal text. */
export function useErrorText(message: string | undefined): string | undefined {
  const { t, i18n } = useTranslation();
  if (!message) return undefined;
  return i18n.exists(message) ? t(message as TranslationKey) : message;
}

export function TextField<TFieldValues extends FieldValues = FieldValues>({
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  required = false,
  multiline,
  min,
  max,
  short = false,
}: TextFieldProps<TFieldValues>) {
  const { register, getFieldState, formState } = useFormContext<TFieldValues>();
  const id = useId();
  const errorText = useErrorText(getFieldState(name, formState).error?.message);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-required': required || undefined,
    'aria-invalid': errorText ? true : undefined,
    'aria-describedby': describedBy,
    ...register(name),
  };

  return (
    <div className={short ? 'field field--short' : 'field'} data-invalid={errorText ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea className="field__input field__textarea" rows={multiline} {...shared} />
      ) : (
        <input
          className="field__input"
          type={type}
          autoComplete={autoComplete}
          {...(type === 'number' ? { inputMode: 'numeric' as const, min, max, step: 1 } : {})}
          {...shared}
        />
      )}
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
