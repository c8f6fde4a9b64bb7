/**
 * The question builder's 'Vista previa' (issue 45): the questions as the participant will see them,
 * with the participant's own headings and wording and the same shared radio groups (ChoiceField)
 * and field styles as the question screens and the screener. It can be tried out (answers stay
 * here and go nowhere); the screener's 'Descalifica' marks are not shown, as the participant never
 * sees them.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '@/components/form/choice-field';
import { hasOptions, type QuestionDraft } from '@/features/analysis/lib/question-builder';

interface Props {
  phase: 'screener' | 'pre' | 'post';
  questions: readonly QuestionDraft[];
}

function PreviewField({ question, name }: { question: QuestionDraft; name: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const [text, setText] = useState('');
  const legend = question.text.trim() || '…';
  if (question.kind === 'text') {
    return (
      <div className="field">
        <label className="form-legend" htmlFor={name}>
          {legend}
        </label>
        <textarea id={name} className="field__input" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
    );
  }
  if (question.kind === 'multiple') {
    return (
      <fieldset className="choice-field">
        <legend className="form-legend choice-field__legend">{legend}</legend>
        <div className="cluster">
          {question.options.map((option, i) => (
            <label key={i} className="choice-field__option">
              <input
                type="checkbox"
                name={name}
                checked={chosen.includes(i)}
                onChange={() => setChosen(chosen.includes(i) ? chosen.filter((c) => c !== i) : [...chosen, i])}
              />
              <span>{option.text || '…'}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const ends: [string, string] = [t('questions.study.scaleLow'), t('questions.study.scaleHigh')];
  const top = question.kind === 'scale7' ? 7 : question.kind === 'scale5' ? 5 : 0;
  const choices = hasOptions(question.kind)
    ? question.options.map((option, value) => ({ value, label: option.text || '…' }))
    : Array.from({ length: top }, (_, i) => ({
        value: i + 1,
        label: String(i + 1),
        hint: i === 0 ? ends[0] : i === top - 1 ? ends[1] : undefined,
      }));
  return (
    <ChoiceField
      name={name}
      legend={legend}
      choices={choices}
      ends={top ? ends : undefined}
      value={chosen[0] ?? null}
      onChange={(value) => setChosen([value])}
    />
  );
}

export function QuestionPreview({ phase, questions }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const title =
    phase === 'screener'
      ? t('participate.screener.title')
      : phase === 'pre'
        ? t('questions.study.preTitle')
        : t('questions.study.postTitle');
  const intro = phase === 'screener' ? t('participate.screener.intro') : t('questions.study.intro');
  return (
    <section className="question-preview" aria-labelledby={`${id}-title`} data-testid={`preview-${phase}`}>
      <p id={`${id}-title`} className="question-preview__title">
        {title}
      </p>
      <p className="question-preview__intro">{intro}</p>
      {questions.map((question, i) => (
        <div key={`${i}-${question.kind}`} className="field">
          <PreviewField question={question} name={`${id}-${i}`} />
          {phase === 'screener' && question.kind === 'multiple' ? (
            <p className="field__hint">{t('participate.screener.pickMany')}</p>
          ) : null}
        </div>
      ))}
    </section>
  );
}
