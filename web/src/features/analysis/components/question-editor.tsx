/**
 * One question of the question builder (issue 45): a fieldset named 'Pregunta N' with its text, its
 * type, its options (`OptionRows`), the buttons
 * that move and remove it, and a drag handle that also moves it with the up and down arrows. What
 * the server would refuse shows under it, in a live region, once the question was left or the
 * form was sent; the fields at fault are marked invalid and described by the message.
 */
import { useId, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { OptionRows } from '@/features/analysis/components/option-rows';
import {
  hasOptions,
  KINDS,
  questionErrors,
  withKind,
  type BuilderMode,
  type FocusTarget,
  type QuestionDraft,
  type QuestionKind,
} from '@/features/analysis/lib/question-builder';

interface Props {
  mode: BuilderMode;
  question: QuestionDraft;
  index: number;
  total: number;
  showErrors: boolean;
  onChange: (question: QuestionDraft, focus?: FocusTarget) => void;
  onMove: (to: number, focus: FocusTarget) => void;
  onRemove: () => void;
  onLeave: () => void;
  dragProps: {
    onDragStart: (event: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
  };
}

export function QuestionEditor({
  mode,
  question,
  index,
  total,
  showErrors,
  onChange,
  onMove,
  onRemove,
  onLeave,
  dragProps,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const number = index + 1;
  const errors = showErrors ? questionErrors(question, mode) : [];
  const errorId = `${id}-errors`;
  const textInvalid = errors.some((e) => e === 'textRequired' || e === 'screenerTextRequired' || e === 'tooLong');
  const optionsInvalid = errors.some((e) => e === 'options' || e === 'screenerOptions' || e === 'noAccept');
  const describedBy = (invalid: boolean) => (invalid ? errorId : undefined);

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowUp' && index > 0) onMove(index - 1, 'handle');
    else if (event.key === 'ArrowDown' && index < total - 1) onMove(index + 1, 'handle');
    else return;
    event.preventDefault();
  };

  return (
    <fieldset
      className="question-editor"
      data-testid={`${mode}-question-${index}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
      }}
    >
      <legend className="visually-hidden">{t('analysis.form.advanced.builder.question', { number })}</legend>
      <div className="question-editor__bar">
        <button
          type="button"
          className="button button--ghost button--icon question-editor__handle"
          draggable
          data-focus="handle"
          aria-describedby={`${id}-drag`}
          onKeyDown={onHandleKey}
          {...dragProps}
        >
          <GripVertical aria-hidden="true" size={18} />
          <span className="visually-hidden">{t('analysis.form.advanced.builder.drag', { number })}</span>
        </button>
        <span id={`${id}-drag`} className="visually-hidden">
          {t('analysis.form.advanced.builder.dragHint')}
        </span>
        <span className="question-editor__number" aria-hidden="true">
          {t('analysis.form.advanced.builder.question', { number })}
        </span>
        <button
          type="button"
          className="button button--ghost button--icon"
          data-focus="up"
          disabled={index === 0}
          onClick={() => onMove(index - 1, index - 1 === 0 ? 'down' : 'up')}
        >
          <ArrowUp aria-hidden="true" size={18} />
          <span className="visually-hidden">{t('analysis.form.advanced.builder.moveUp', { number })}</span>
        </button>
        <button
          type="button"
          className="button button--ghost button--icon"
          data-focus="down"
          disabled={index === total - 1}
          onClick={() => onMove(index + 1, index + 1 === total - 1 ? 'up' : 'down')}
        >
          <ArrowDown aria-hidden="true" size={18} />
          <span className="visually-hidden">{t('analysis.form.advanced.builder.moveDown', { number })}</span>
        </button>
        <button type="button" className="button button--ghost button--icon" onClick={onRemove}>
          <X aria-hidden="true" size={18} />
          <span className="visually-hidden">{t('analysis.form.advanced.builder.removeQuestion', { number })}</span>
        </button>
      </div>
      <div className="question-editor__main">
        <div className="field question-editor__text">
          <label className="field__label" htmlFor={`${id}-text`}>
            {t('analysis.form.advanced.builder.questionText')}
          </label>
          <input
            id={`${id}-text`}
            className="field__input"
            data-focus="text"
            value={question.text}
            aria-invalid={textInvalid || undefined}
            aria-describedby={describedBy(textInvalid)}
            onChange={(event) => onChange({ ...question, text: event.target.value })}
          />
        </div>
        <div className="field question-editor__kind">
          <label className="field__label" htmlFor={`${id}-kind`}>
            {t('analysis.form.advanced.builder.kind')}
          </label>
          <select
            id={`${id}-kind`}
            className="field__input"
            value={question.kind}
            onChange={(event) => onChange(withKind(question, event.target.value as QuestionKind))}
          >
            {KINDS[mode].map((kind) => (
              <option key={kind} value={kind}>
                {t(`analysis.form.advanced.builder.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hasOptions(question.kind) ? (
        <OptionRows
          mode={mode}
          question={question}
          number={number}
          invalid={optionsInvalid}
          noAccept={errors.includes('noAccept')}
          errorId={errorId}
          onChange={onChange}
        />
      ) : (
        <p className="field__hint">
          {question.kind === 'text'
            ? t('analysis.form.advanced.builder.textNote')
            : t('analysis.form.advanced.builder.scaleNote', {
                top: question.kind === 'scale7' ? 7 : 5,
                low: t('questions.study.scaleLow'),
                high: t('questions.study.scaleHigh'),
              })}
        </p>
      )}
      <div aria-live="polite" className="question-editor__errors">
        {errors.length > 0 ? (
          <ul id={errorId} className="field__error question-editor__error-list">
            {errors.map((error) => (
              <li key={error}>{t(`analysis.form.advanced.builder.errors.${error}`)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </fieldset>
  );
}
