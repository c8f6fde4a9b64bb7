/**
 * The options of a choice question in the question builder (issue 45): one row per option with its
 * text, in the screener a 'Descalifica' switch (on: choosing it screens the participant out), and
 * a remove button while more than two are left; 'Añadir opción' up to the server's ten. Each row's
 * handle moves it by drag or with the up and down arrows (focus stays on it). The rows at fault are
 * marked invalid and described by the question's message.
 */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GripVertical, Plus, X } from 'lucide-react';
import { Switch } from '@/components/ui/switch';
import {
  addOption,
  MAX_OPTIONS,
  move,
  removeAt,
  replaceAt,
  type BuilderMode,
  type FocusTarget,
  type OptionDraft,
  type QuestionDraft,
} from '@/features/analysis/lib/question-builder';

interface Props {
  mode: BuilderMode;
  question: QuestionDraft;
  /** The question's number, for the rows' accessible names. */
  number: number;
  /** The options break a rule: the blank rows (or, with `noAccept`, every row) are marked. */
  invalid: boolean;
  noAccept: boolean;
  errorId: string;
  onChange: (question: QuestionDraft, focus?: FocusTarget) => void;
}

export function OptionRows({ mode, question, number, invalid, noAccept, errorId, onChange }: Props) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const setOption = (i: number, change: Partial<OptionDraft>) =>
    onChange({ ...question, options: replaceAt(question.options, i, { ...question.options[i]!, ...change }) });
  const moveOption = (from: number, to: number) => {
    if (to < 0 || to >= question.options.length || from === to) return;
    onChange({ ...question, options: move(question.options, from, to) }, `option-handle-${to}`);
  };
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    moveOption(i, event.key === 'ArrowUp' ? i - 1 : i + 1);
  };

  return (
    <fieldset className="analysis-form__questions">
      <legend className="field__label">{t('analysis.form.advanced.builder.options')}</legend>
      <ol className="list-plain">
        {question.options.map((option, i) => {
          const optionNumber = i + 1;
          const marked = invalid && (noAccept || option.text.trim() === '');
          return (
            <li
              key={i}
              className="question-editor__option"
              data-dragging={dragged === i || undefined}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
              }}
              onDrop={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
                moveOption(dragged, i);
                setDragged(null);
              }}
            >
              <button
                type="button"
                className="button button--ghost button--icon question-editor__handle"
                draggable
                data-focus={`option-handle-${i}`}
                onKeyDown={(event) => onHandleKey(event, i)}
                onDragStart={(event) => {
                  event.stopPropagation();
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(i));
                  setDragged(i);
                }}
                onDragEnd={() => setDragged(null)}
              >
                <GripVertical aria-hidden="true" size={18} />
                <span className="visually-hidden">
                  {t('analysis.form.advanced.builder.moveOption', { option: optionNumber, number })}
                </span>
              </button>
              <input
                className="field__input"
                aria-label={t('analysis.form.advanced.builder.option', { number: optionNumber })}
                data-focus={`option-${i}`}
                value={option.text}
                aria-invalid={marked || undefined}
                aria-describedby={marked ? errorId : undefined}
                onChange={(event) => setOption(i, { text: event.target.value })}
              />
              {mode === 'screener' ? (
                <Switch
                  label={t('analysis.form.advanced.builder.disqualifies')}
                  ariaLabel={t('analysis.form.advanced.builder.disqualifiesOption', { option: optionNumber, number })}
                  tone="danger"
                  checked={option.disqualifies}
                  onChange={(disqualifies) => setOption(i, { disqualifies })}
                />
              ) : null}
              <button
                type="button"
                className="button button--ghost button--icon"
                disabled={question.options.length <= 2}
                onClick={() =>
                  onChange({ ...question, options: removeAt(question.options, i) }, `option-${Math.max(0, i - 1)}`)
                }
              >
                <X aria-hidden="true" size={18} />
                <span className="visually-hidden">
                  {t('analysis.form.advanced.builder.removeOption', { option: optionNumber, number })}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {question.options.length < MAX_OPTIONS ? (
        <button
          type="button"
          className="button button--ghost question-editor__add-option"
          onClick={() => onChange(addOption(question), `option-${question.options.length}`)}
        >
          <Plus aria-hidden="true" size={18} />
          {t('analysis.form.advanced.builder.addOption')}
        </button>
      ) : null}
    </fieldset>
  );
}
