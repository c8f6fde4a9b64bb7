/**
 * What a panel study adds to the analysis page (ADR 0017): how many people the screener turned
 * away and why (question → option), and the answers to the questions before and after the tasks,
 * one card each (issue 45): choices and scales as charts (AnswerChart: bars with counts and
 * shares; a scale's mean with its interval), text answers as quotes, each opening its participant's
 * recording at the moment it was given. Read from the analysis summary. The cards are the
 * 'Resultados' tab's one result card style (results-card, summary-insights.css).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSummary } from '@/features/analysis/api/get-summary';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import { AnswerChart } from '@/features/analysis/components/answer-chart';
import type { QuestionSummaryDto } from '@/lib/api-types/QuestionSummaryDto';
import { formatClock } from '@/lib/time';
import '@/features/analysis/study-results.css';
import '@/features/analysis/summary-insights.css';

function QuestionResult({ question }: { question: QuestionSummaryDto }) {
  const { t } = useTranslation();
  const answered = question.counts.some((c) => Number(c.count) > 0) || question.texts.length > 0;
  return (
    <li className="study-results__question" data-testid="study-question">
      <h3 className="study-results__label">
        {question.question}{' '}
        <span className="text-note">
          {question.phase === 'pre' ? t('analysis.study.pre') : t('analysis.study.post')}
          {answered ? (
            <>
              {' · '}
              <span className="study-results__n">
                {t('analysis.study.respondents', { count: Number(question.respondents) })}
              </span>
            </>
          ) : null}
        </span>
      </h3>
      {question.counts.length && answered ? <AnswerChart question={question} /> : null}
      {question.texts.length ? (
        <ul className="list-plain">
          {question.texts.map((answer) => (
            <li key={`${answer.entryId}-${answer.atMs}`}>
              {/* Each quote opens the player at the moment it was given. */}
              <Link className="study-quote" to={`${paths.entry(answer.entryId)}?t=${Math.floor(answer.atMs / 1000)}`}>
                <q className="study-quote__text">{answer.text}</q>
                <span className="text-note">
                  {t('analysis.study.quoteBy', { number: answer.participantNumber, at: formatClock(answer.atMs) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {!answered ? <p>{t('analysis.study.noAnswers')}</p> : null}
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
        <section className="results-card card card--snug" aria-labelledby="screen-outs-title" data-testid="screen-outs">
          <h2 id="screen-outs-title" className="results-card__title">
            {t('analysis.study.screenOutsTitle')}
          </h2>
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
          className="results-card card card--snug"
          aria-labelledby="study-answers-title"
          data-testid="study-answers"
        >
          <h2 id="study-answers-title" className="results-card__title">
            {t('analysis.study.answersTitle')}
          </h2>
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
