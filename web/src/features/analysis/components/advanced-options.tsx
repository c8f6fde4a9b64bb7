/**
 * 'Opciones avanzadas' of the analysis form (ADR 0017), collapsed (a native <details>) so the
 * spec's form looks as before: the transcription setting (ADR 0018), the task order, the screener, the questions before and after the
 * tasks, and the panel links with each redirect shown as it will be built. Editing the questions
 * of an analysis with participations warns first: answers already given keep their wording.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectPreview, type StudyFormInput } from '@/features/analysis/lib/study-form';

interface Props {
  value: StudyFormInput;
  onChange: (value: StudyFormInput) => void;
  /** Participations exist: say that editing questions keeps the old answers under their wording. */
  hasParticipations?: boolean;
  /** Fields of the main form shown first in this section (the transcription setting, ADR 0018). */
  children?: ReactNode;
  /** Open the section even without panel options (a saved setting that is not the default). */
  open?: boolean;
}

type TextKey = 'pidParam' | 'completionUrl' | 'screenOutUrl' | 'screener' | 'preQuestions' | 'postQuestions';

export function AdvancedOptions({ value, onChange, hasParticipations = false, children, open = false }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const set = (key: TextKey) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const field = (key: TextKey, rows?: number) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {t(`analysis.form.advanced.${key}`)}
      </label>
      {rows ? (
        <textarea
          id={`${id}-${key}`}
          className="field__input"
          rows={rows}
          value={value[key]}
          onChange={set(key)}
          aria-describedby={`${id}-${key}-hint`}
        />
      ) : (
        <input
          id={`${id}-${key}`}
          className="field__input"
          value={value[key]}
          onChange={set(key)}
          aria-describedby={`${id}-${key}-hint`}
        />
      )}
      <p id={`${id}-${key}-hint`} className="field__hint">
        {t(`analysis.form.advanced.${key}Hint`)}
      </p>
    </div>
  );
  const preview = (url: string) =>
    url.trim() ? (
      <p className="field__hint analysis-form__preview" data-testid="redirect-preview">
        {t('analysis.form.advanced.preview', { url: redirectPreview(url) })}
      </p>
    ) : null;

  return (
    <details className="analysis-form__advanced" open={value.hadStudy || open || undefined}>
      <summary>{t('analysis.form.advanced.title')}</summary>
      {children}
      <fieldset className="analysis-form__questions">
        <legend className="field__label">{t('analysis.form.advanced.taskOrder')}</legend>
        {(['fixed', 'random'] as const).map((order) => (
          <label key={order} className="choice-field__option">
            <input
              type="radio"
              name={`${id}-order`}
              checked={value.taskOrder === order}
              onChange={() => onChange({ ...value, taskOrder: order })}
            />
            <span>{t(`analysis.form.advanced.${order}`)}</span>
          </label>
        ))}
      </fieldset>
      {hasParticipations ? (
        <p className="field__hint" role="note" data-testid="questions-warning">
          {t('analysis.form.advanced.editWarning')}
        </p>
      ) : null}
      {field('screener', 5)}
      {field('preQuestions', 4)}
      {field('postQuestions', 4)}
      {field('pidParam')}
      {field('completionUrl')}
      {preview(value.completionUrl)}
      {field('screenOutUrl')}
      {preview(value.screenOutUrl)}
    </details>
  );
}
