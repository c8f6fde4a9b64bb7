/**
 * The questions before the first task and before Finish (ADR 0017), on the question screen in the
 * tab and in the floating window alike. Every type works with the keyboard alone and is named for
 * screen readers: a labelled textarea, a radio group or a group of checkboxes in a fieldset with its
 * legend, a 1–5 or 1–7 scale as a radio group. The recording keeps running.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '@/components/form/choice-field';
import { QuestionError } from '@/features/participate/components/question-error';
import { useQuestionForm } from '@/features/participate/hooks/use-question-form';
import { closePromptAtom } from '@/features/participate/stores/question-actions';
import { answerStudyAtom, chooseStudyAtom } from '@/features/participate/stores/study-actions';
import { studyAtom, studyDraftAtom, type StudyAnswerDraft } from '@/features/participate/stores/study-state';
import type { StudyQuestionDto } from '@/lib/api-types/StudyQuestionDto';
import '@/components/ui/stack.css';

interface FieldProps {
  question: StudyQuestionDto;
  index: number;
  answer: StudyAnswerDraft | undefined;
  invalid: boolean;
  onChange: (answer: StudyAnswerDraft) => void;
}

export function StudyField({ question, index, answer, invalid, onChange }: FieldProps) {
  const { t } = useTranslation();
  const name = `study-${index}`;
  if (question.type === 'text') {
    return (
      <div className="field" data-invalid={invalid || undefined}>
        <label className="form-legend" htmlFor={name}>
          {question.text}
        </label>
        <textarea
          id={name}
          className="field__input"
          aria-invalid={invalid || undefined}
          rows={3}
          maxLength={2000}
          value={answer?.text ?? ''}
          onChange={(e) => onChange({ text: e.target.value })}
          data-testid={name}
        />
      </div>
    );
  }
  if (question.type === 'multiple') {
    const chosen = answer?.choices ?? [];
    const toggle = (i: number) =>
      onChange({ choices: chosen.includes(i) ? chosen.filter((c) => c !== i) : [...chosen, i].sort((a, b) => a - b) });
    return (
      <fieldset className="choice-field" data-invalid={invalid || undefined} data-testid={name}>
        <legend className="form-legend choice-field__legend">{question.text}</legend>
        <div className="cluster">
          {(question.options ?? []).map((option, i) => (
            <label key={option} className="choice-field__option">
              <input type="checkbox" name={name} checked={chosen.includes(i)} onChange={() => toggle(i)} />
              <span>{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const scale = question.type === 'scale' ? Array.from({ length: question.scale ?? 5 }, (_, i) => i + 1) : null;
  const ends: [string, string] = [t('questions.study.scaleLow'), t('questions.study.scaleHigh')];
  const choices = scale
    ? scale.map((value, i) => ({
        value,
        label: String(value),
        hint: i === 0 ? ends[0] : i === scale.length - 1 ? ends[1] : undefined,
      }))
    : (question.options ?? []).map((label, value) => ({ value, label }));
  const value = scale ? (answer?.value ?? null) : (answer?.choices?.[0] ?? null);
  return (
    <ChoiceField
      name={name}
      legend={question.text}
      choices={choices}
      ends={scale ? ends : undefined}
      value={value}
      onChange={(v) => onChange(scale ? { value: v } : { choices: [v] })}
      invalid={invalid}
      testId={name}
    />
  );
}

export function StudyQuestions({
  phase,
  finishesNext,
  saving,
  headingLevel,
}: {
  phase: 'pre' | 'post';
  finishesNext: boolean;
  saving: boolean;
  headingLevel: 1 | 2;
}) {
  const { t } = useTranslation();
  const study = useAtomValue(studyAtom);
  const draft = useAtomValue(studyDraftAtom);
  const choose = useSetAtom(chooseStudyAtom);
  const answer = useSetAtom(answerStudyAtom);
  const close = useSetAtom(closePromptAtom);
  const { error, setError, heading, form, focusFirstUnanswered } = useQuestionForm(phase);
  const questions = phase === 'pre' ? study.pre : study.post;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const result = await answer();
    setError(result === true ? null : result);
    if (result === 'required') focusFirstUnanswered();
  };

  return (
    <form
      ref={form}
      className="stack stack--4 question-screen"
      aria-labelledby="question-screen-title"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="study-questions"
    >
      <Heading id="question-screen-title" className="step__title" ref={heading} tabIndex={-1}>
        {phase === 'pre' ? t('questions.study.preTitle') : t('questions.study.postTitle')}
      </Heading>
      <p className="step__intro">{t('questions.study.intro')}</p>
      {questions.map((question, i) => (
        <StudyField
          key={`${phase}-${question.text}`}
          question={question}
          index={i}
          answer={draft[i]}
          invalid={error === 'required' && !draft[i]}
          onChange={(value) => choose({ index: i, answer: value })}
        />
      ))}
      <QuestionError error={error} />
      {/* 'Anterior' and 'Siguiente' where the stepper and the task questions have them (issue 45):
          back to the step before, unanswered, or on. */}
      <div className="participate-actions participate-actions--split">
        <button type="button" className="button button--ghost" onClick={() => close()} disabled={saving}>
          {t('participate.stepper.previous')}
        </button>
        <button type="submit" className="button button--primary" aria-busy={saving || undefined}>
          {saving
            ? t('questions.saving')
            : finishesNext
              ? t('participate.stepper.finish')
              : t('participate.stepper.next')}
        </button>
      </div>
    </form>
  );
}
