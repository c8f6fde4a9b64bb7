/**
 * 'Buscar en la transcripción': finds words in this recording. Enter goes to the next match,
 * Shift+Enter to the previous one, as do the two buttons; how many there are is announced politely.
 */
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronUp } from 'lucide-react';

interface Props {
  query: string;
  onQuery: (query: string) => void;
  count: number;
  /** The match shown now (0-based), or null before the first Enter. */
  active: number | null;
  onStep: (direction: -1 | 1) => void;
}

export function TranscriptSearch({ query, onQuery, count, active, onStep }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onStep(event.shiftKey ? -1 : 1);
  };
  const status = !query.trim()
    ? ''
    : count === 0
      ? t('transcript.search.none')
      : active === null
        ? t('transcript.search.count', { count })
        : t('transcript.search.position', { position: active + 1, count });
  return (
    <div className="transcript__search" role="search">
      <label htmlFor={id} className="visually-hidden">
        {t('transcript.search.label')}
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        placeholder={t('transcript.search.label')}
        value={query}
        onChange={(event) => onQuery(event.currentTarget.value)}
        onKeyDown={keyDown}
        aria-describedby={`${id}-status`}
      />
      <button
        type="button"
        className="button button--ghost button--icon button--sm"
        onClick={() => onStep(-1)}
        disabled={count === 0}
        aria-label={t('transcript.search.previous')}
      >
        <ChevronUp aria-hidden="true" size={18} />
      </button>
      <button
        type="button"
        className="button button--ghost button--icon button--sm"
        onClick={() => onStep(1)}
        disabled={count === 0}
        aria-label={t('transcript.search.next')}
      >
        <ChevronDown aria-hidden="true" size={18} />
      </button>
      <p
        id={`${id}-status`}
        className="transcript__search-status"
        role="status"
        aria-live="polite"
        data-testid="transcript-search-status"
      >
        {status}
      </p>
    </div>
  );
}
