/**
 * What a panel study adds to the analysis page (ADR 0017): how many people the screener turned
 * away and why (question → option), and the answers to the questions before and after the tasks:
 * counts per option or scale value, and the text answers, each with a link to its participant's
 * recording and the moment it was given. Read from the analysis summary.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSummary } from '@/features/analysis/api/get-summary';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { QuestionSummaryDto } from '@/lib/api-types/QuestionSummaryDto';
import { formatClock } from '@/lib/time';

function QuestionResult({ question }: { question: QuestionSummaryDto }) {
  const { t } = useTranslation();
  return (
    <li className="study-results__question">
      <p className="study-results__label">
        <strong>{question.question}</strong> ·{' '}
        {question.phase === 'pre' ? t('analysis.study.pre') : t('analysis.study.post')}
      </p>
      {question.counts.length ? (
        <ul className="study-results__counts">
          {question.counts.map((c) => (
            <li key={c.option}>{t('analysis.study.count', { option: c.option, count: c.count })}</li>
          ))}
        </ul>
      ) : null}
      {question.texts.length ? (
        <ul className="study-results__texts">
          {question.texts.map((answer) => (
            <li key={`${answer.entryId}-${answer.atMs}`}>
              <Link to={`${paths.entry(answer.entryId)}?t=${Math.floor(answer.atMs / 1000)}`}>
                {t('analysis.study.textAnswer', {
                  number: answer.participantNumber,
                  at: formatClock(answer.atMs),
                  text: answer.text,
                })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {!question.counts.some((c) => c.count > 0) && !question.texts.length ? (
        <p>{t('analysis.study.noAnswers')}</p>
      ) : null}
    </li>
  );
}

export function StudyResults({ analysis }: { analysis: AnalysisDto }) {
  const { t } = useTranslation();
  const summary = useSummary(analysis.id, true);
  if (!summary.isSuccess) return null;
  const { screenOuts, questions } = summary.data;
  return (
    <>
      {screenOuts ? (
        <section
          className="analysis-section card card--snug"
          aria-labelledby="screen-outs-title"
          data-testid="screen-outs"
        >
          <h2 id="screen-outs-title">{t('analysis.study.screenOutsTitle')}</h2>
          <p>
            {screenOuts.total
              ? t('analysis.study.screenOuts', { count: screenOuts.total })
              : t('analysis.study.noScreenOuts')}
          </p>
          {screenOuts.reasons.length ? (
            <ul>
              {screenOuts.reasons.map((r) => (
                <li key={`${r.question}-${r.option}`}>
                  {t('analysis.study.reason', { question: r.question, option: r.option, count: r.count })}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {questions?.length ? (
        <section
          className="analysis-section card card--snug"
          aria-labelledby="study-answers-title"
          data-testid="study-answers"
        >
          <h2 id="study-answers-title">{t('analysis.study.answersTitle')}</h2>
          <ul className="study-results">
            {questions.map((q) => (
              <QuestionResult key={`${q.phase}-${q.question}`} question={q} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
