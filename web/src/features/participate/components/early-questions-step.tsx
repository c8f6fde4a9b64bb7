/**
 * The questions before the tasks, asked after the screener and before any permission (issue 45),
 * in a card like the other steps before the recording. The answers are held until a place is
 * claimed and then sent as given at the recording's start (held-answers.ts); nothing is recorded
 * yet, and the card says so.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ParticipateCard } from '@/features/participate/components/participate-card';
import { QuestionError } from '@/features/participate/components/question-error';
import { StudyField } from '@/features/participate/components/study-questions';
import { useQuestionForm } from '@/features/participate/hooks/use-question-form';
import { answerEarlyQuestionsAtom, chooseStudyAtom } from '@/features/participate/stores/study-actions';
import { earlyQuestionsAtom, studyDraftAtom } from '@/features/participate/stores/study-state';
import '@/components/ui/stack.css';

export function EarlyQuestionsStep() {
  const { t } = useTranslation();
  const questions = useAtomValue(earlyQuestionsAtom);
  const draft = useAtomValue(studyDraftAtom);
  const choose = useSetAtom(chooseStudyAtom);
  const answer = useSetAtom(answerEarlyQuestionsAtom);
  const { error, setError, form, focusFirstUnanswered } = useQuestionForm('early');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = answer();
    setError(result === true ? null : result);
    if (result === 'required') focusFirstUnanswered();
  };

  return (
    <ParticipateCard titleId="early-questions-title" title={t('questions.study.preTitle')} testId="study-questions">
      <p className="participate-lead">{t('participate.earlyQuestions.intro')}</p>
      <form ref={form} className="stack stack--4" onSubmit={submit} noValidate aria-labelledby="early-questions-title">
        {questions.map((question, i) => (
          <StudyField
            key={`pre-${question.text}`}
            question={question}
            index={i}
            answer={draft[i]}
            invalid={error === 'required' && !draft[i]}
            onChange={(value) => choose({ index: i, answer: value })}
          />
        ))}
        <QuestionError error={error} />
        <div className="participate-actions">
          <button type="submit" className="button button--primary">
            {t('participate.screener.submit')}
          </button>
        </div>
      </form>
    </ParticipateCard>
  );
}
