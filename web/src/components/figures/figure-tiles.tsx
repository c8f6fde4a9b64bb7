/**
 * The summary's number tiles (ADR 0015), the same on the analysis page and the shared summary:
 * every task together (success rate, mean SEQ, median time on task) and the SUS, each with its n
 * and, from 3 answers, its 95% interval; the SUS beside the 68 average with its grade. The figures
 * are the server's (Rust core); only the difference from 68 is worked out here, for the words.
 */
import { useTranslation } from 'react-i18next';
import { formatInterval, formatMean, formatRate, formatTime } from '@/components/figures/figure-format';
import type { InsightSettingsDto } from '@/lib/api-types/InsightSettingsDto';
import type { OverallSummaryDto } from '@/lib/api-types/OverallSummaryDto';
import type { SusSummaryDto } from '@/lib/api-types/SusSummaryDto';
import '@/components/figures/figures.css';

/** The SUS average across hundreds of studies (Sauro & Lewis 2016, ch. 8). */
export const SUS_AVERAGE = 68;

interface TileProps {
  label: string;
  value: string;
  /** The interval in words, or nothing below 3 answers. */
  interval?: string | null;
  n: number;
  /** A further line: the SUS grade and its place against the average. */
  note?: string | null;
  testId: string;
}

function Tile({ label, value, interval, n, note, testId }: TileProps) {
  const { t } = useTranslation();
  return (
    <li className="figure-tile" data-testid={testId}>
      <span className="figure-tile__label">{label}</span>
      <span className="figure-tile__value">{value}</span>
      {note ? <span className="figure-tile__note">{note}</span> : null}
      {interval ? <span className="figure-tile__detail">{interval}</span> : null}
      <span className="figure-tile__detail">{t('insights.n', { n })}</span>
    </li>
  );
}

export function FigureTiles({
  overall,
  sus,
  settings,
}: {
  overall: OverallSummaryDto;
  sus: SusSummaryDto;
  settings: InsightSettingsDto;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rate = (value: number) => formatRate(value, language);
  const mean = (value: number) => formatMean(value, language);
  const interval = (range: { low: string; high: string } | null) => (range ? t('insights.interval', range) : null);
  // A rate or mean tile: the value as written, its interval in words (from 3 answers) and its n.
  const estimate = (
    value: string,
    figure: { low: number | null; high: number | null; n: number },
    format: (value: number) => string,
  ) => ({
    value,
    interval: interval(formatInterval(figure.low, figure.high, format)),
    n: figure.n,
  });

  const time = overall.time;
  const timeRange = formatInterval(time.lowMs, time.highMs, formatTime);
  const susAgainstAverage = () => {
    if (sus.mean === null) return settings.sus ? null : t('figures.susOff');
    const difference = Math.round((sus.mean - SUS_AVERAGE) * 10) / 10;
    const place =
      difference > 0
        ? t('figures.susAbove', { value: mean(difference), average: SUS_AVERAGE })
        : difference < 0
          ? t('figures.susBelow', { value: mean(-difference), average: SUS_AVERAGE })
          : t('figures.susAt', { average: SUS_AVERAGE });
    return sus.grade ? `${t('figures.susGrade', { grade: sus.grade })} · ${place}` : place;
  };

  return (
    <ul className="figure-tiles" aria-label={t('figures.label')} data-testid="figure-tiles">
      <Tile
        testId="tile-success"
        label={t('figures.success')}
        {...estimate(formatRate(overall.success.rate, language), overall.success, rate)}
      />
      <Tile
        testId="tile-seq"
        label={t('figures.seq')}
        {...estimate(formatMean(overall.seq.mean, language), overall.seq, mean)}
      />
      <Tile
        testId="tile-time"
        label={t('figures.time')}
        value={formatTime(time.medianMs)}
        // The interval the server sends is the geometric mean's (time on task is skewed): say so.
        interval={
          timeRange ? t('figures.timeInterval', { mean: formatTime(time.geometricMeanMs), ...timeRange }) : null
        }
        n={time.n}
      />
      <Tile
        testId="tile-sus"
        label={t('figures.sus')}
        note={susAgainstAverage()}
        {...estimate(formatMean(sus.mean, language), sus, mean)}
      />
    </ul>
  );
}
