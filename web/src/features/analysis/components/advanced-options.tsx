/**
 * 'Opciones avanzadas' of the analysis form (ADR 0017), collapsed (the design system's disclosure)
 * so product §2's form looks as before: the transcription setting (ADR 0018), the task order (a radio
 * group), the screener and the questions before and after the tasks (question builders, issue 45),
 * and the panel links with each redirect shown as it will be built. Editing the questions of an
 * analysis with participations warns first: answers already given keep their wording.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Disclosure } from '@/components/ui/disclosure';
import { RadioGroup } from '@/components/ui/radio-group';
import { QuestionBuilder } from '@/features/analysis/components/question-builder';
import { fromQuestions, fromScreener, toQuestions, toScreener } from '@/features/analysis/lib/question-builder';
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
  /** The form was sent with questions the server would refuse: each says what is wrong. */
  showErrors?: boolean;
}

type TextKey = 'pidParam' | 'completionUrl' | 'screenOutUrl';

export function AdvancedOptions({
  value,
  onChange,
  hasParticipations = false,
  children,
  open = false,
  showErrors = false,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const set = (key: TextKey) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const field = (key: TextKey) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {t(`analysis.form.advanced.${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        className="field__input"
        value={value[key]}
        onChange={set(key)}
        aria-describedby={`${id}-${key}-hint`}
      />
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

  const builder = (phase: 'pre' | 'post') => {
    const key = phase === 'pre' ? 'preQuestions' : 'postQuestions';
    return (
      <QuestionBuilder
        mode="study"
        phase={phase}
        legend={t(`analysis.form.advanced.${key}`)}
        hint={t(`analysis.form.advanced.${key}Hint`)}
        questions={fromQuestions(value[key])}
        onChange={(questions) => onChange({ ...value, [key]: toQuestions(questions) })}
        showErrors={showErrors}
      />
    );
  };

  return (
    <Disclosure
      summary={t('analysis.form.advanced.title')}
      className="analysis-form__advanced"
      open={value.hadStudy || open}
      testId="advanced-options"
    >
      {children}
      <RadioGroup
        legend={t('analysis.form.advanced.taskOrder')}
        name={`${id}-order`}
        options={(['fixed', 'random'] as const).map((order) => ({
          value: order,
          label: t(`analysis.form.advanced.${order}`),
        }))}
        value={value.taskOrder}
        onChange={(taskOrder) => onChange({ ...value, taskOrder })}
      />
      {hasParticipations ? (
        <p className="field__hint" role="note" data-testid="questions-warning">
          {t('analysis.form.advanced.editWarning')}
        </p>
      ) : null}
      <QuestionBuilder
        mode="screener"
        phase="screener"
        legend={t('analysis.form.advanced.screener')}
        hint={t('analysis.form.advanced.screenerHint')}
        questions={fromScreener(value.screener)}
        onChange={(questions) => onChange({ ...value, screener: toScreener(questions) })}
        showErrors={showErrors}
      />
      {builder('pre')}
      {builder('post')}
      {field('pidParam')}
      {field('completionUrl')}
      {preview(value.completionUrl)}
      {field('screenOutUrl')}
      {preview(value.screenOutUrl)}
    </Disclosure>
  );
}
