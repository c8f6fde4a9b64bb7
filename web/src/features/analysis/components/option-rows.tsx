/**
 * The options of a choice question in the question builder (issue 45): one row per option with its
 * text, in the screener a 'Descalifica' switch (on: choosing it screens the participant out), and
 * a remove button while more than two are left; 'Añadir opción' up to the server's ten. The rows
 * at fault are marked invalid and described by the question's message.
 */
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { Switch } from '@/components/ui/switch';
import {
  addOption,
  MAX_OPTIONS,
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
  const setOption = (i: number, change: Partial<OptionDraft>) =>
    onChange({ ...question, options: replaceAt(question.options, i, { ...question.options[i]!, ...change }) });

  return (
    <fieldset className="analysis-form__questions">
      <legend className="field__label">{t('analysis.form.advanced.builder.options')}</legend>
      <ol className="list-plain">
        {question.options.map((option, i) => {
          const optionNumber = i + 1;
          const marked = invalid && (noAccept || option.text.trim() === '');
          return (
            <li key={i} className="question-editor__option">
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
