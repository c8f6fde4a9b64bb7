/**
 * The participant's answers in the player (ADR 0012): after each task its ease (SEQ,
 * 1–7) and whether it was completed, at the moment the task ended ('Siguiente' was pressed), and
 * the SUS score before Finish. Each answer seeks to its moment; the one the playhead has just
 * passed (within a few seconds) is marked, so watching the task's end shows what was answered.
 * The answers to the questions before and after the tasks (ADR 0017) follow, in timeline order,
 * each named 'Respuesta: <question>' under the wording it was answered with; their 'Ir a' buttons
 * are the keyboard's way to the marks on the scrubber (answer-marks.tsx).
 */
import { useTranslation } from 'react-i18next';
import { formatClock } from '@/lib/time';
import type { EntryAnswersDto } from '@/lib/api-types/EntryAnswersDto';
import '@/features/entries/answers-panel.css';

/** How long after its moment an answer counts as "just answered" for the mark. */
const FRESH_MS = 8_000;

interface AnswersPanelProps {
  answers: EntryAnswersDto | undefined;
  currentMs: number;
  onSeek: (ms: number) => void;
}

const SUCCESS_KEYS = {
  yes: 'questions.success.yes',
  no: 'questions.success.no',
  unsure: 'questions.success.unsure',
} as const;

export function AnswersPanel({ answers, currentMs, onSeek }: AnswersPanelProps) {
  const { t } = useTranslation();
  const questions = answers?.questions ?? [];
  if (!answers || (answers.tasks.length === 0 && !answers.sus && questions.length === 0)) return null;
  const fresh = (atMs: number) => currentMs >= atMs && currentMs < atMs + FRESH_MS;
  return (
    <section className="entry-panel entry-answers" aria-labelledby="entry-answers-title" data-testid="entry-answers">
      <h2 id="entry-answers-title">{t('insights.player.title')}</h2>
      <ol className="list-plain entry-answers__list">
        {answers.tasks.map((answer) => (
          <li
            key={answer.taskNumber}
            className="entry-answers__item cluster-between"
            data-current={fresh(answer.atMs) || undefined}
          >
            <p className="entry-answers__what" id={`entry-answer-${answer.taskNumber}`}>
              <strong>{t('insights.player.task', { number: answer.taskNumber })}</strong>{' '}
              <span>{t('insights.player.seq', { value: answer.seq })}</span>{' '}
              <span>
                {t('insights.player.success', {
                  value: t(SUCCESS_KEYS[answer.success as keyof typeof SUCCESS_KEYS] ?? 'questions.success.unsure'),
                })}
              </span>
            </p>
            <button
              type="button"
              className="button button--ghost button--sm"
              aria-describedby={`entry-answer-${answer.taskNumber}`}
              onClick={() => onSeek(answer.atMs)}
            >
              {t('insights.player.seek', { time: formatClock(answer.atMs) })}
            </button>
          </li>
        ))}
        {answers.sus ? (
          <li className="entry-answers__item cluster-between" data-current={fresh(answers.sus.atMs) || undefined}>
            <p className="entry-answers__what" id="entry-answer-sus">
              <strong>{t('insights.player.susTitle')}</strong>{' '}
              <span>{t('insights.player.sus', { score: answers.sus.score })}</span>
            </p>
            <button
              type="button"
              className="button button--ghost button--sm"
              aria-describedby="entry-answer-sus"
              onClick={() => onSeek(answers.sus!.atMs)}
            >
              {t('insights.player.seek', { time: formatClock(answers.sus.atMs) })}
            </button>
          </li>
        ) : null}
        {questions.map((answer) => {
          const id = `entry-answer-${answer.phase}-${answer.questionNumber}`;
          return (
            <li
              key={id}
              className="entry-answers__item cluster-between"
              data-current={fresh(answer.atMs) || undefined}
              data-testid="entry-question-answer"
            >
              <p className="entry-answers__what" id={id}>
                <strong>{t('entry.answerMarker', { question: answer.question })}</strong> <span>{answer.answer}</span>
              </p>
              <button
                type="button"
                className="button button--ghost button--sm"
                aria-describedby={id}
                onClick={() => onSeek(answer.atMs)}
              >
                {t('insights.player.seek', { time: formatClock(answer.atMs) })}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
