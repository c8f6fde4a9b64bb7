/**
 * One panel question's answers as a chart (issue 45): for a choice question, a horizontal bar per
 * option with its count and its share of the people who answered (a multiple-choice question's
 * shares add up to more than 100 %, and it says so); for a scale, the same bars per value (the
 * distribution) and under them the mean with its 95% interval on the scale, drawn like the task
 * figures (SummaryChart). Bars are plain elements sized by their share, so the chart wraps and
 * never scrolls sideways; the numbers are text, read in order by screen readers.
 */
import { useTranslation } from 'react-i18next';
import { formatInterval, formatMean, formatRate } from '@/components/figures/figure-format';
import { SummaryChart } from '@/components/figures/summary-chart';
import type { QuestionSummaryDto } from '@/lib/api-types/QuestionSummaryDto';
import '@/features/analysis/study-results.css';

export function AnswerChart({ question }: { question: QuestionSummaryDto }) {
  const { t, i18n } = useTranslation();
  const total = question.counts.reduce((sum, c) => sum + Number(c.count), 0);
  // The share's base: the people who answered (the sum of the counts for older summaries).
  const base = Number(question.respondents) || total;
  const scale = question.type === 'scale';
  const mean = question.mean;
  const top = question.counts.length;
  const interval = mean ? formatInterval(mean.low, mean.high, (v) => formatMean(v, i18n.language)) : null;
  return (
    <div className="answer-chart">
      <ul className="list-plain" data-testid="answer-bars">
        {question.counts.map((c) => {
          const share = base > 0 ? Number(c.count) / base : 0;
          return (
            <li key={c.option} className="answer-chart__row" data-testid="answer-bar">
              <span className="answer-chart__label">{c.option}</span>
              <span className="answer-chart__track" aria-hidden="true">
                <span className="answer-chart__bar" style={{ width: `${Math.min(share, 1) * 100}%` }} />
              </span>
              <span className="answer-chart__value" data-testid="answer-bar-value">
                {t('analysis.study.countShare', { count: Number(c.count), share: formatRate(share, i18n.language) })}
              </span>
            </li>
          );
        })}
      </ul>
      {question.type === 'multiple' ? <p className="text-note">{t('analysis.study.multipleNote')}</p> : null}
      {scale && mean && mean.mean !== null ? (
        <>
          <p className="answer-chart__mean" data-testid="answer-mean">
            {t('analysis.study.mean', { mean: formatMean(mean.mean, i18n.language) })}
            {interval ? <span className="text-note"> · {t('insights.interval', interval)}</span> : null}
          </p>
          <SummaryChart
            title={t('analysis.study.meanChart')}
            description={t('analysis.study.meanDescription', {
              mean: formatMean(mean.mean, i18n.language),
              interval: interval ? ` (${t('insights.interval', interval)})` : '',
              n: Number(mean.n),
            })}
            bars={[
              {
                label: t('analysis.study.meanLabel'),
                value: mean.mean,
                low: mean.low,
                high: mean.high,
                valueLabel: formatMean(mean.mean, i18n.language),
              },
            ]}
            min={1}
            max={Math.max(top, 2)}
            minLabel="1"
            maxLabel={String(Math.max(top, 2))}
            testId="answer-mean-chart"
          />
        </>
      ) : null}
    </div>
  );
}
