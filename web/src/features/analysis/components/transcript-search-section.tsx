/**
 * 'Buscar en las transcripciones' on /analysis/{id} (ADR 0018): one search over every recording's
 * transcript. Each result names the participant, the task and the moment, shows the words around
 * the match with the match emphasised, and opens the player at that moment (`/entry/{id}?t=<s>`).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { SectionHeader } from '@/components/ui/section-header';
import { serverMessage } from '@/components/form';
import { paths } from '@/config/paths';
import { useTranscriptSearch } from '@/features/analysis/api/search-transcripts';
import { formatClock } from '@/lib/time';
import type { TranscriptSearchResultDto } from '@/lib/api-types/TranscriptSearchResultDto';

/** The player's link for a result: `?t=` takes seconds, decimals allowed, so the moment is exact. */
export const resultLink = (result: TranscriptSearchResultDto) =>
  `${paths.entry(result.entry_id)}?t=${result.start_ms / 1000}`;

export function TranscriptSearchSection({ analysisId }: { analysisId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useTranscriptSearch(analysisId, query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  const status = !query
    ? ''
    : search.isPending
      ? t('transcript.analysisSearch.searching')
      : search.isError
        ? t('transcript.analysisSearch.error', { message: serverMessage(search.error) ?? search.error.message })
        : search.data.length === 0
          ? t('transcript.analysisSearch.none', { query })
          : t('transcript.analysisSearch.count', { count: search.data.length });

  return (
    <section className="analysis-section" aria-labelledby="transcript-search-title" data-testid="transcript-search">
      <SectionHeader title={t('transcript.analysisSearch.title')} titleId="transcript-search-title" />
      <form role="search" className="transcript-search__form" onSubmit={submit}>
        <label htmlFor={id} className="field__label">
          {t('transcript.analysisSearch.label')}
        </label>
        <div className="cluster">
          <input
            id={id}
            type="search"
            className="field__input"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <button type="submit" className="button button--secondary">
            <Search aria-hidden="true" size={18} />
            {t('transcript.analysisSearch.submit')}
          </button>
        </div>
      </form>
      <p role="status" className="text-note" data-testid="transcript-search-status">
        {status}
      </p>
      {search.isSuccess && search.data.length > 0 ? (
        <ol className="list-plain">
          {search.data.map((result, index) => {
            const task =
              result.task_number === null
                ? t('transcript.analysisSearch.outsideTasks')
                : t('transcript.analysisSearch.task', { number: result.task_number });
            const time = formatClock(result.start_ms);
            return (
              <li key={`${result.entry_id}-${result.start_ms}-${index}`} className="transcript-search__result">
                <Link
                  to={resultLink(result)}
                  aria-label={t('transcript.analysisSearch.open', {
                    who: result.participant,
                    time,
                    text: `${result.before}${result.match}${result.after}`,
                  })}
                >
                  <span className="transcript-search__meta">
                    <span>{result.participant}</span>
                    <span>{task}</span>
                    <time>{time}</time>
                  </span>
                  <span className="transcript-search__snippet">
                    {result.before}
                    <mark>{result.match}</mark>
                    {result.after}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
