/**
 * The question screens of the participation (ADR 0012), shown in place of the step in
 * the tab and in the floating task window alike: after a task's 'Siguiente' the Single Ease
 * Question (1–7) and whether it was completed; before Finish the ten SUS items (1–5), credited to
 * the validated Spanish version. Answering with the keyboard alone works: each question is a
 * native radio group (Tab between questions, arrows within). The recording keeps running.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField, type Choice } from '@/components/form/choice-field';
import { QuestionError } from '@/features/participate/components/question-error';
import { StudyQuestions } from '@/features/participate/components/study-questions';
import type { TaskSuccess } from '@/features/participate/api/send-answers';
import { useQuestionForm } from '@/features/participate/hooks/use-question-form';
import {
  answerSusAtom,
  answerTaskAtom,
  chooseAtom,
  closePromptAtom,
} from '@/features/participate/stores/question-actions';
import { promptAtom } from '@/features/participate/stores/participation-state';
// The form is the Stack's layout (a component would not pass the form's ref through).
import '@/components/ui/stack.css';

const SEQ_VALUES = [1, 2, 3, 4, 5, 6, 7];
const SUS_VALUES = [1, 2, 3, 4, 5];
const SUS_ITEMS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const SUCCESS_VALUES: TaskSuccess[] = ['yes', 'no', 'unsure'];

/** A numeric scale whose end options say what the ends mean. */
function scale(values: number[], low: string, high: string): Choice<number>[] {
  return values.map((value, i) => ({
    value,
    label: String(value),
    hint: i === 0 ? low : i === values.length - 1 ? high : undefined,
  }));
}

export function QuestionScreen({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const current = useAtomValue(promptAtom);
  const choose = useSetAtom(chooseAtom);
  const answerTask = useSetAtom(answerTaskAtom);
  const answerSus = useSetAtom(answerSusAtom);
  const close = useSetAtom(closePromptAtom);
  const promptKey = current
    ? current.prompt.kind === 'task'
      ? `task-${current.prompt.taskNumber}`
      : current.prompt.kind
    : '';
  const { error, setError, heading, form, focusFirstUnanswered } = useQuestionForm(promptKey);

  if (!current) return null;
  const { prompt: shown, draft, saving, finishesNext } = current;
  if (shown.kind === 'study')
    return (
      <StudyQuestions phase={shown.phase} finishesNext={finishesNext} saving={saving} headingLevel={headingLevel} />
    );
  const prompt = shown;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const complete =
    prompt.kind === 'task' ? draft.seq !== null && draft.success !== null : draft.sus.every((value) => value !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!complete) {
      setError('required');
      focusFirstUnanswered();
      return;
    }
    setError(null);
    const saved =
      prompt.kind === 'task'
        ? await answerTask({ seq: draft.seq ?? 0, success: draft.success ?? 'unsure' })
        : await answerSus(draft.sus.map((value) => value ?? 0));
    if (!saved) setError('failed');
  };

  const title =
    prompt.kind === 'task' ? t('questions.taskTitle', { number: prompt.taskNumber }) : t('questions.susTitle');
  return (
    <form
      ref={form}
      className="stack stack--4 question-screen"
      aria-labelledby="question-screen-title"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="question-screen"
    >
      <Heading id="question-screen-title" className="step__title" ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      <p className="step__intro">{prompt.kind === 'task' ? t('questions.taskIntro') : t('questions.susIntro')}</p>
      {prompt.kind === 'task' ? (
        <>
          <ChoiceField
            name="seq"
            legend={t('questions.seq.question')}
            choices={scale(SEQ_VALUES, t('questions.seq.low'), t('questions.seq.high'))}
            ends={[t('questions.seq.low'), t('questions.seq.high')]}
            value={draft.seq}
            onChange={(seq) => choose({ seq })}
            invalid={error === 'required' && draft.seq === null}
            testId="question-seq"
          />
          <ChoiceField
            name="success"
            legend={t('questions.success.question')}
            choices={SUCCESS_VALUES.map((value) => ({ value, label: t(`questions.success.${value}`) }))}
            value={draft.success}
            onChange={(success) => choose({ success })}
            invalid={error === 'required' && draft.success === null}
            testId="question-success"
          />
        </>
      ) : (
        <>
          {SUS_ITEMS.map((item, i) => (
            <ChoiceField
              key={item}
              name={`sus-${item}`}
              legend={`${item}. ${t(`questions.sus.items.${item}`)}`}
              choices={scale(SUS_VALUES, t('questions.sus.scaleLow'), t('questions.sus.scaleHigh'))}
              ends={[t('questions.sus.scaleLow'), t('questions.sus.scaleHigh')]}
              value={draft.sus[i] ?? null}
              onChange={(value) => choose({ susItem: i, value })}
              invalid={error === 'required' && draft.sus[i] === null}
              testId={`question-sus-${item}`}
            />
          ))}
          <p className="question-screen__credit">{t('questions.susCredit')}</p>
        </>
      )}
      <QuestionError error={error} />
      <div className="participate-actions participate-actions--split">
        {prompt.kind === 'task' ? (
          <button type="button" className="button button--ghost" onClick={() => close()} disabled={saving}>
            {t('questions.back')}
          </button>
        ) : (
          <span />
        )}
        <button type="submit" className="button button--primary" aria-busy={saving || undefined}>
          {saving ? (
            <>
              <span className="button__spinner" aria-hidden="true" />
              {t('questions.saving')}
            </>
          ) : finishesNext ? (
            t('participate.stepper.finish')
          ) : (
            t('participate.stepper.next')
          )}
        </button>
      </div>
    </form>
  );
}
