/**
 * 'Temas' at the top of the analysis's 'Resultados' tab (issue 47, ADR 0021): the AI's themes
 * across participations, made from their summaries' verified quotes. Each theme says how many of
 * the summarised participants it comes from ('4 de 6 participantes') and lists its quotes, each a
 * link that opens that participation's player where it was said. It says plainly what it is
 * ('Generado por IA · revisa las citas'), how many themes the server dropped, and its other states
 * as the player's 'Resumen' tab does. Researchers can make them again ('Regenerar'), make a clip of
 * a quote ('Crear clip', the quote ±2 s) and a reel of a theme ('Crear reel'); observers read.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Clapperboard, Download, RefreshCw, Scissors, Sparkles } from 'lucide-react';
import { Alert } from '@/components/alert';
import { errorStatus, serverMessage } from '@/components/form';
import { useTeamRole } from '@/components/session/use-team-role';
import { SectionHeader } from '@/components/ui/section-header';
import { paths } from '@/config/paths';
import { quoteClip, useCreateQuoteClip } from '@/features/analysis/api/create-quote-clip';
import { useCreateThemeReel } from '@/features/analysis/api/create-theme-reel';
import { useThemes } from '@/features/analysis/api/get-themes';
import { useRegenerateThemes } from '@/features/analysis/api/regenerate-themes';
import { themesMarkdown } from '@/features/analysis/lib/themes-markdown';
import { formatClock } from '@/lib/time';
import type { AnalysisThemesResponse } from '@/lib/api-types/AnalysisThemesResponse';
import type { EntrySummaryDto } from '@/lib/api-types/EntrySummaryDto';
import type { ThemeDto } from '@/lib/api-types/ThemeDto';
import type { ThemeQuoteDto } from '@/lib/api-types/ThemeQuoteDto';
import '@/features/analysis/themes.css';

/** The player at the quote's second (`?t=` takes seconds). */
export const quoteLink = (quote: ThemeQuoteDto) =>
  `${paths.entry(quote.entryId)}?t=${Math.floor(quote.startMs / 1000)}`;

interface Props {
  analysisId: string;
  /** The analysis's participations, for each recording's length (a clip ends within it). */
  entries: readonly EntrySummaryDto[];
}

export function ThemesSection({ analysisId, entries }: Props) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const themes = useThemes(analysisId);
  const regenerate = useRegenerateThemes(analysisId);

  // 404: the analysis itself is gone or not ours, which the page already says.
  if (themes.isError && errorStatus(themes.error) === 404) return null;

  const state = (text: string) => (
    <p className="card card--snug text-note" role="status" data-testid="themes-state">
      {text}
    </p>
  );

  /** 'Descargar en Markdown': the themes for a report, each quote a link to its moment. */
  const markdownLink = (data: AnalysisThemesResponse) => {
    const markdown = themesMarkdown(data, window.location.origin, {
      title: t('analysis.themes.title'),
      generatedByAi: t('analysis.themes.generatedByAi'),
      dropped: data.droppedThemes > 0 ? t('analysis.themes.dropped', { count: data.droppedThemes }) : null,
      count: (participations, summarised) => t('analysis.themes.count', { participations, summarised }),
      task: (number) => t('analysis.themes.task', { number }),
    });
    return (
      <a
        className="button button--ghost button--sm"
        href={`data:text/markdown;charset=utf-8,${encodeURIComponent(markdown)}`}
        download={`temas-${analysisId}.md`}
        data-testid="themes-markdown"
      >
        <Download aria-hidden="true" size={16} />
        {t('analysis.themes.downloadMarkdown')}
      </a>
    );
  };

  const canRegenerate = (status: AnalysisThemesResponse['status']) =>
    canResearch && (status === 'none' || status === 'failed' || status === 'complete');

  const loaded = (data: AnalysisThemesResponse) => {
    if (data.status === 'unavailable') return state(t('analysis.themes.unavailable'));
    if (data.status === 'disabled') return state(t('analysis.themes.disabled'));
    if (data.status === 'waiting') return state(t('analysis.themes.waiting'));
    const durations = new Map(entries.map((entry) => [entry.id, entry.durationMs]));
    return (
      <>
        <div className="themes__toolbar">
          <p className="themes__ai" data-testid="themes-ai">
            <Sparkles aria-hidden="true" size={16} />
            {t('analysis.themes.generatedByAi')}
          </p>
          {data.themes.length > 0 ? markdownLink(data) : null}
          {canRegenerate(data.status) ? (
            <button
              type="button"
              className="button button--ghost button--sm"
              onClick={() => regenerate.mutate()}
              disabled={regenerate.isPending}
              data-testid="themes-regenerate"
            >
              <RefreshCw aria-hidden="true" size={16} />
              {t('analysis.themes.regenerate')}
            </button>
          ) : null}
        </div>
        {regenerate.isError ? (
          <Alert
            tone="error"
            title={serverMessage(regenerate.error) ?? regenerate.error.message}
            testId="themes-regenerate-error"
          />
        ) : null}
        {data.status === 'pending'
          ? state(data.themes.length > 0 ? t('analysis.themes.updating') : t('analysis.themes.preparing'))
          : null}
        {data.status === 'failed' ? state(t('analysis.themes.failed')) : null}
        {(data.status === 'none' || data.status === 'complete') && data.themes.length === 0
          ? state(t('analysis.themes.none'))
          : null}
        {data.droppedThemes > 0 ? (
          <p className="themes__dropped" data-testid="themes-dropped">
            {t('analysis.themes.dropped', { count: data.droppedThemes })}
          </p>
        ) : null}
        {data.themes.length > 0 ? (
          <ul className="list-plain themes__list">
            {data.themes.map((theme, index) => (
              <ThemeItem
                key={`${index}-${theme.title}`}
                analysisId={analysisId}
                theme={theme}
                number={index + 1}
                summarised={data.summarised}
                durations={durations}
              />
            ))}
          </ul>
        ) : null}
      </>
    );
  };

  const body = () => {
    if (themes.isPending) return state(t('analysis.themes.loading'));
    if (themes.isError)
      return (
        <Alert
          tone="error"
          title={t('analysis.themes.loadError', { message: serverMessage(themes.error) ?? themes.error.message })}
          testId="themes-error"
        >
          <button type="button" className="button button--ghost" onClick={() => void themes.refetch()}>
            {t('analysis.detail.retry')}
          </button>
        </Alert>
      );
    return loaded(themes.data);
  };

  return (
    <section
      className="analysis-section themes"
      aria-labelledby="themes-title"
      aria-busy={themes.isFetching || undefined}
      data-testid="themes-section"
    >
      <SectionHeader title={t('analysis.themes.title')} titleId="themes-title" />
      {body()}
    </section>
  );
}

interface ThemeItemProps {
  analysisId: string;
  theme: ThemeDto;
  /** Its place in the list, from 1: the reel endpoint's `{n}`. */
  number: number;
  summarised: number;
  durations: ReadonlyMap<string, number | null>;
}

/** One theme: its title, what it is about, from how many participants, its quotes and 'Crear reel'. */
function ThemeItem({ analysisId, theme, number, summarised, durations }: ThemeItemProps) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const reel = useCreateThemeReel(analysisId);
  const titleId = `theme-${number}-title`;

  return (
    <li className="themes__theme card card--snug" data-testid="theme">
      <h3 id={titleId} className="themes__title">
        {theme.title}
      </h3>
      <p className="themes__count" data-testid="theme-count">
        {t('analysis.themes.count', { participations: theme.participations, summarised })}
      </p>
      <p className="themes__text">{theme.text}</p>
      <ul className="list-plain themes__quotes" aria-label={t('analysis.themes.quotes', { title: theme.title })}>
        {theme.quotes.map((quote, index) => (
          <QuoteItem
            key={`${quote.entryId}-${quote.startMs}-${index}`}
            analysisId={analysisId}
            quote={quote}
            themeTitle={theme.title}
            durationMs={durations.get(quote.entryId)}
          />
        ))}
      </ul>
      {canResearch ? (
        <div className="themes__reel">
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => reel.mutate(number)}
            disabled={reel.isPending || reel.isSuccess}
            aria-busy={reel.isPending || undefined}
            data-testid="theme-reel"
          >
            <Clapperboard aria-hidden="true" size={16} />
            {t('analysis.themes.createReel')} <span className="visually-hidden">{theme.title}</span>
          </button>
          <p role="status" className="themes__done" data-testid="theme-reel-status">
            {reel.isSuccess ? (
              <>
                {t('analysis.themes.reelCreated')}{' '}
                <Link to={paths.analysis.reel(analysisId, reel.data.id)}>{t('analysis.themes.openReel')}</Link>
              </>
            ) : null}
          </p>
          {reel.isError ? (
            <p role="alert" className="themes__error" data-testid="theme-reel-error">
              {serverMessage(reel.error) ?? t('analysis.themes.reelFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

interface QuoteItemProps {
  analysisId: string;
  quote: ThemeQuoteDto;
  themeTitle: string;
  durationMs: number | null | undefined;
}

/** One quote: its words and who said them, a link to the player there, and 'Crear clip'. */
function QuoteItem({ analysisId, quote, themeTitle, durationMs }: QuoteItemProps) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const clip = useCreateQuoteClip(analysisId);
  const who = [
    quote.participant,
    quote.taskNumber === null ? null : t('analysis.themes.task', { number: quote.taskNumber }),
    formatClock(quote.startMs),
  ]
    .filter(Boolean)
    .join(' · ');
  const words = `«${quote.text}»`;

  return (
    <li className="themes__quote" data-testid="theme-quote">
      <Link to={quoteLink(quote)} className="themes__quote-link" data-testid="theme-quote-link">
        <span className="themes__quote-text">{words}</span>
        <span className="themes__quote-who">{who}</span>
      </Link>
      {canResearch ? (
        <div className="themes__clip">
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => clip.mutate({ entryId: quote.entryId, clip: quoteClip(quote, themeTitle, durationMs) })}
            disabled={clip.isPending || clip.isSuccess}
            aria-busy={clip.isPending || undefined}
            data-testid="theme-clip"
          >
            <Scissors aria-hidden="true" size={16} />
            {t('analysis.themes.createClip')}{' '}
            <span className="visually-hidden">{t('analysis.themes.clipOf', { who, words })}</span>
          </button>
          <p role="status" className="themes__done" data-testid="theme-clip-status">
            {clip.isSuccess ? t('analysis.themes.clipCreated') : null}
          </p>
          {clip.isError ? (
            <p role="alert" className="themes__error" data-testid="theme-clip-error">
              {serverMessage(clip.error) ?? t('analysis.themes.clipFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
