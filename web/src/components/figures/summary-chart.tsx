/**
 * A small horizontal bar chart in plain SVG (ADR 0012): one bar per task with its 95% interval as
 * a whisker (a thin dark line with end caps over a lighter bar, so it never reads as the bar struck
 * through, issue 45) and its value written at the row's end, in a column of its own so it never meets a
 * whisker (ADR 0015). It scales to its container (viewBox), so it never scrolls sideways, and its colours
 * are tokens (dark mode). Screen readers get the chart as one image named by its title and
 * described by a text alternative listing every bar's value, interval and n.
 */
import { useId } from 'react';
import '@/components/figures/figures.css';

export interface ChartBar {
  label: string;
  value: number | null;
  low: number | null;
  high: number | null;
  /** The value as written beside the bar ('80 %', '5,3'; '—' without answers). */
  valueLabel: string;
}

interface SummaryChartProps {
  title: string;
  /** The text alternative: every bar's figures in words. */
  description: string;
  bars: ChartBar[];
  /** The axis: where bars start and the scale's end. */
  min: number;
  max: number;
  /** The axis labels at `min` and `max`. */
  minLabel: string;
  maxLabel: string;
  testId?: string;
}

const WIDTH = 320;
const LABEL = 36;
/** The right-hand column holding each bar's value. */
const VALUE = 44;
const ROW = 26;
const BAR = 14;
const TOP = 4;
const AXIS = 18;

export function SummaryChart({ title, description, bars, min, max, minLabel, maxLabel, testId }: SummaryChartProps) {
  const id = useId();
  const plot = WIDTH - LABEL - VALUE - 8;
  const x = (value: number) => LABEL + ((Math.min(Math.max(value, min), max) - min) / (max - min || 1)) * plot;
  const height = TOP + bars.length * ROW + AXIS;
  return (
    <figure className="summary-chart" data-testid={testId}>
      <figcaption id={`${id}-title`} className="summary-chart__title">
        {title}
      </figcaption>
      <svg
        className="summary-chart__svg"
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        preserveAspectRatio="xMinYMin meet"
      >
        {bars.map((bar, i) => {
          const y = TOP + i * ROW;
          const middle = y + BAR / 2;
          return (
            <g key={bar.label} aria-hidden="true">
              <text className="summary-chart__label" x={0} y={middle} dominantBaseline="middle">
                {bar.label}
              </text>
              <rect className="summary-chart__track" x={LABEL} y={y} width={plot} height={BAR} rx={2} />
              {bar.value !== null ? (
                <rect
                  className="summary-chart__bar"
                  x={LABEL}
                  y={y}
                  width={Math.max(x(bar.value) - LABEL, 1)}
                  height={BAR}
                  rx={2}
                />
              ) : null}
              {bar.low !== null && bar.high !== null ? (
                <g className="summary-chart__whisker">
                  <line x1={x(bar.low)} x2={x(bar.high)} y1={middle} y2={middle} />
                  <line x1={x(bar.low)} x2={x(bar.low)} y1={y - 3} y2={y + BAR + 3} />
                  <line x1={x(bar.high)} x2={x(bar.high)} y1={y - 3} y2={y + BAR + 3} />
                </g>
              ) : null}
              <text
                className="summary-chart__value"
                x={WIDTH - 2}
                y={middle}
                dominantBaseline="middle"
                textAnchor="end"
                data-testid="chart-value"
              >
                {bar.valueLabel}
              </text>
            </g>
          );
        })}
        <g aria-hidden="true" className="summary-chart__axis">
          <text x={LABEL} y={height - 4}>
            {minLabel}
          </text>
          <text x={LABEL + plot} y={height - 4} textAnchor="end">
            {maxLabel}
          </text>
        </g>
      </svg>
      <p id={`${id}-desc`} className="visually-hidden" data-testid={testId ? `${testId}-text` : undefined}>
        {description}
      </p>
    </figure>
  );
}
