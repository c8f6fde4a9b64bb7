/**
 * The participant's answers in the player (ADR 0012), as one table in time order (issue 45): the
 * question, the answer and the moment, whose button seeks there. After each task its ease (SEQ,
 * 1–7) and whether it was completed, at the moment the task ended ('Siguiente' was pressed); the
 * answers to the questions before and after the tasks (ADR 0017), under the wording they were
 * answered with; the SUS score before Finish. The row the playhead has just passed (within a few
 * seconds) is marked, so watching the task's end shows what was answered. The 'Ir a' buttons are
 * the keyboard's way to the marks on the scrubber (answer-marks.tsx).
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

/** One row of the table: what was asked, what was answered, and when. */
interface AnswerRow {
  id: string;
  question: string;
  answer: string;
  atMs: number;
  /** A question of the study's own (rather than a task's or the SUS). */
  studyQuestion: boolean;
}

export function AnswersPanel({ answers, currentMs, onSeek }: AnswersPanelProps) {
  const { t } = useTranslation();
  const questions = answers?.questions ?? [];
  if (!answers || (answers.tasks.length === 0 && !answers.sus && questions.length === 0)) return null;
  const fresh = (atMs: number) => currentMs >= atMs && currentMs < atMs + FRESH_MS;
  const rows: AnswerRow[] = [
    ...answers.tasks.map((answer) => ({
      id: `entry-answer-${answer.taskNumber}`,
      question: t('insights.player.task', { number: answer.taskNumber }),
      answer: `${t('insights.player.seq', { value: answer.seq })} ${t('insights.player.success', {
        value: t(SUCCESS_KEYS[answer.success as keyof typeof SUCCESS_KEYS] ?? 'questions.success.unsure'),
      })}`,
      atMs: answer.atMs,
      studyQuestion: false,
    })),
    ...questions.map((answer) => ({
      id: `entry-answer-${answer.phase}-${answer.questionNumber}`,
      question: answer.question,
      answer: answer.answer,
      atMs: answer.atMs,
      studyQuestion: true,
    })),
    ...(answers.sus
      ? [
          {
            id: 'entry-answer-sus',
            question: t('insights.player.susTitle'),
            answer: t('insights.player.sus', { score: answers.sus.score }),
            atMs: answers.sus.atMs,
            studyQuestion: false,
          },
        ]
      : []),
  ].sort((a, b) => a.atMs - b.atMs);
  return (
    <section className="entry-panel entry-answers" aria-labelledby="entry-answers-title" data-testid="entry-answers">
      <h2 id="entry-answers-title">{t('insights.player.title')}</h2>
      <table className="entry-answers__table">
        <thead>
          <tr>
            <th scope="col">{t('insights.player.question')}</th>
            <th scope="col">{t('insights.player.answer')}</th>
            <th scope="col" className="entry-answers__moment">
              {t('insights.player.moment')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-current={fresh(row.atMs) || undefined}
              data-testid={row.studyQuestion ? 'entry-question-answer' : 'entry-answer'}
            >
              <th scope="row" id={row.id}>
                {row.question}
              </th>
              <td>{row.answer}</td>
              <td className="entry-answers__moment">
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  aria-describedby={row.id}
                  onClick={() => onSeek(row.atMs)}
                >
                  {t('insights.player.seek', { time: formatClock(row.atMs) })}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
