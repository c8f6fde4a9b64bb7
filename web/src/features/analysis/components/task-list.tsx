/**
 * The form's dynamic task list (product §2): one textarea per task, in order; 'Añadir tarea' appends
 * one and focuses it; each task has a remove button only while more than one exists, and removing
 * the last is refused with 'Incluye al menos una tarea'.
 */
import { useId, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { useErrorText } from '@/components/form';
import { canRemoveTask, type AnalysisFormInput } from '@/features/analysis/lib/analysis-form';

export function TaskList() {
  const { t } = useTranslation();
  const id = useId();
  const { control, register, formState, setFocus, trigger } = useFormContext<AnalysisFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tasks' });
  const [refusal, setRefusal] = useState<string | undefined>();
  // A rule on the whole array lands on `tasks` itself (resolver) or on `tasks.root` (field array).
  const arrayError = formState.errors.tasks?.message ?? formState.errors.tasks?.root?.message;
  const errorText = useErrorText(arrayError ?? refusal);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const removeAt = (index: number) => {
    const check = canRemoveTask(fields.length);
    if (!check.ok) {
      setRefusal(check.message);
      return;
    }
    setRefusal(undefined);
    remove(index);
    // Focus would otherwise fall to <body> with the button gone.
    setTimeout(() => setFocus(`tasks.${Math.max(0, index - 1)}.content`));
  };

  return (
    <fieldset
      className="task-list"
      aria-describedby={[hintId, errorText ? errorId : null].filter(Boolean).join(' ')}
      data-invalid={errorText ? true : undefined}
    >
      <legend className="field__label">{t('analysis.form.tasks')}</legend>
      <p id={hintId} className="field__hint">
        {t('analysis.form.tasksHint')}
      </p>
      <ol className="task-list__items">
        {fields.map((field, index) => {
          const inputId = `${id}-task-${index}`;
          return (
            <li key={field.id} className="task-list__item">
              <label className="visually-hidden" htmlFor={inputId}>
                {t('analysis.form.task', { number: index + 1 })}
              </label>
              <span className="task-list__number" aria-hidden="true">
                {index + 1}
              </span>
              <textarea
                id={inputId}
                className="field__input field__textarea task-list__input"
                rows={2}
                aria-invalid={errorText && index === 0 ? true : undefined}
                aria-describedby={errorText && index === 0 ? errorId : undefined}
                {...register(`tasks.${index}.content`, {
                  // Typing re-checks only the field typed in; the rule on the whole list
                  // ('Se requiere al menos una tarea con contenido') must be re-checked too, or it
                  // stays after every task is filled (ADR 0015).
                  onChange: () => {
                    if (formState.isSubmitted) void trigger('tasks');
                  },
                })}
              />
              {fields.length > 1 ? (
                <button type="button" className="button button--ghost button--icon" onClick={() => removeAt(index)}>
                  <X aria-hidden="true" size={18} />
                  <span className="visually-hidden">{t('analysis.form.removeTask', { number: index + 1 })}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {errorText ? (
        <p id={errorId} className="field__error" role={refusal && !arrayError ? 'alert' : undefined}>
          {errorText}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--ghost task-list__add"
        onClick={() => {
          setRefusal(undefined);
          append({ content: '' });
        }}
      >
        <Plus aria-hidden="true" size={18} />
        {t('analysis.form.addTask')}
      </button>
    </fieldset>
  );
}
