/**
 * Inputs the shared form helper does not offer (a textarea and a number input), with the same markup
 * and behaviour as its TextField: label, hint and error linked by aria-describedby, aria-invalid,
 * and schema messages that are locale keys translated on render.
 */
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnalysisFormInput } from '@/features/analysis/lib/analysis-form';

/** The translated message of a field error (locale key or literal text). */
export function useErrorText(message: string | undefined): string | undefined {
  const { t, i18n } = useTranslation();
  if (!message) return undefined;
  // Messages are our locale keys; anything else (a literal) is shown as it is.
  return i18n.exists(message) ? (t as (key: string) => string)(message) : message;
}

interface FieldProps {
  name: 'scenario' | 'maxNumberOfParticipants';
  label: string;
  hint?: string;
  required?: boolean;
}

function useFieldIds(hint: string | undefined, errorText: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldNotes({ hint, hintId, errorText, errorId }: { hint?: string; hintId: string; errorText?: string; errorId: string }) {
  return (
    <>
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
    </>
  );
}

export function TextAreaField({ name, label, hint, required = false }: FieldProps) {
  const { register, getFieldState, formState } = useFormContext<AnalysisFormInput>();
  const errorText = useErrorText(getFieldState(name, formState).error?.message);
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, errorText);
  return (
    <div className="field" data-invalid={errorText ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input field__textarea"
        rows={4}
        aria-required={required || undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy}
        {...register(name)}
      />
      <FieldNotes hint={hint} hintId={hintId} errorText={errorText} errorId={errorId} />
    </div>
  );
}

export function NumberField({ name, label, hint, required = false, min, max }: FieldProps & { min?: number; max?: number }) {
  const { register, getFieldState, formState } = useFormContext<AnalysisFormInput>();
  const errorText = useErrorText(getFieldState(name, formState).error?.message);
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, errorText);
  return (
    <div className="field field--short" data-invalid={errorText ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        aria-required={required || undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy}
        {...register(name)}
      />
      <FieldNotes hint={hint} hintId={hintId} errorText={errorText} errorId={errorId} />
    </div>
  );
}
