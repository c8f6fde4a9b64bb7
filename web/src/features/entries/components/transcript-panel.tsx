/**
 * The 'Transcripción' tab of the entry page (ADR 0018): what the participant said, in task
 * chapters, following the video. Its states are said plainly: 'Transcripción no disponible en este
 * servidor' (no provider configured, never an error), off in this analysis, 'Transcribiendo…' with
 * how far it has come, and a failed load with a retry. With lines it offers the search, captions on
 * the video, 'Crear clip' from selected words and 'Descargar transcripción' (WebVTT or text).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Captions, Download, Scissors } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { transcriptDownloadUrl, useTranscript } from '@/features/entries/api/get-transcript';
import { TranscriptLines } from '@/features/entries/components/transcript-lines';
import { TranscriptSearch } from '@/features/entries/components/transcript-search';
import { currentLineIndex, findMatches, transcribedUntil } from '@/features/entries/lib/transcript';
import { formatClock } from '@/lib/time';
import type { TranscriptResponse } from '@/lib/api-types/TranscriptResponse';
import { useTeamRole } from '@/components/session/use-team-role';

interface Props {
  entryId: string;
  /** Load (and, while unfinished, poll) the transcript; false until the tab is first opened. */
  load: boolean;
  currentMs: number;
  durationMs: number;
  captions: boolean;
  onCaptions: (on: boolean) => void;
  onSeek: (ms: number) => void;
  /** Opens the note editor with this range, which makes the note a clip. */
  onCreateClip: (range: { startMs: number; endMs: number }) => void;
}

/** Size: the states, the toolbar and the search's position share the one transcript answer. */
export function TranscriptPanel({
  entryId,
  load,
  currentMs,
  durationMs,
  captions,
  onCaptions,
  onSeek,
  onCreateClip,
}: Props) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const transcript = useTranscript(entryId, load);
  const lines = useMemo(() => transcript.data?.lines ?? [], [transcript.data]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<number | null>(null);
  const [selection, setSelection] = useState<{ startMs: number; endMs: number } | null>(null);
  const matches = useMemo(() => findMatches(lines, query), [lines, query]);

  const changeQuery = (value: string) => {
    setQuery(value);
    setActive(null);
  };

  const step = (direction: -1 | 1) => {
    if (matches.length === 0) return;
    const next =
      active === null
        ? direction === 1
          ? 0
          : matches.length - 1
        : (active + direction + matches.length) % matches.length;
    setActive(next);
    const match = matches[next];
    if (match) onSeek(match.startMs);
  };

  const body = () => {
    if (transcript.isPending)
      return (
        <p className="text-note" role="status">
          {t('transcript.loading')}
        </p>
      );
    if (transcript.isError)
      return (
        <Alert
          tone="error"
          title={t('transcript.loadError', { message: serverMessage(transcript.error) ?? transcript.error.message })}
          testId="transcript-error"
        >
          <button type="button" className="button button--ghost" onClick={() => void transcript.refetch()}>
            {t('entry.retry')}
          </button>
        </Alert>
      );
    return loaded(transcript.data);
  };

  const loaded = (data: TranscriptResponse) => {
    if (data.status === 'unavailable')
      return (
        <p className="text-note" role="status" data-testid="transcript-state">
          {t('transcript.unavailable')}
        </p>
      );
    if (data.status === 'disabled')
      return (
        <p className="text-note" role="status" data-testid="transcript-state">
          {t('transcript.disabled')}
        </p>
      );
    const working = data.status === 'pending' || data.status === 'partial';
    const until = transcribedUntil(lines);
    return (
      <>
        {working ? (
          <p className="transcript__progress" role="status" data-testid="transcript-state">
            {until > 0 && durationMs > 0
              ? t('transcript.progress', { until: formatClock(until), total: formatClock(durationMs) })
              : t('transcript.working')}
          </p>
        ) : null}
        {lines.length === 0 && !working ? (
          <p className="text-note" role="status" data-testid="transcript-state">
            {t('transcript.empty')}
          </p>
        ) : null}
        {lines.length > 0 ? (
          <>
            <div className="transcript__toolbar">
              <TranscriptSearch
                query={query}
                onQuery={changeQuery}
                count={matches.length}
                active={active}
                onStep={step}
              />
              <div className="cluster transcript__actions">
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  aria-pressed={captions}
                  onClick={() => onCaptions(!captions)}
                  data-testid="captions-toggle"
                >
                  <Captions aria-hidden="true" size={18} />
                  {t('transcript.captions')}
                </button>
                <details className="transcript__download">
                  <summary className="button button--ghost button--sm">
                    <Download aria-hidden="true" size={18} />
                    {t('transcript.download')}
                  </summary>
                  <div className="transcript__download-menu">
                    <a href={transcriptDownloadUrl(entryId, 'vtt')} download>
                      {t('transcript.downloadVtt')}
                    </a>
                    <a href={transcriptDownloadUrl(entryId, 'txt')} download>
                      {t('transcript.downloadTxt')}
                    </a>
                  </div>
                </details>
              </div>
              {!canResearch ? null : selection ? (
                <button
                  type="button"
                  className="button button--primary button--sm"
                  onClick={() => onCreateClip(selection)}
                  data-testid="transcript-clip"
                >
                  <Scissors aria-hidden="true" size={18} />
                  {t('transcript.createClip', {
                    start: formatClock(selection.startMs),
                    end: formatClock(selection.endMs),
                  })}
                </button>
              ) : (
                <p className="field__hint">{t('transcript.selectHint')}</p>
              )}
            </div>
            <TranscriptLines
              lines={lines}
              currentIndex={currentLineIndex(lines, currentMs)}
              matches={matches}
              activeMatch={active}
              follow={!query.trim()}
              onSeek={onSeek}
              onSelectRange={setSelection}
            />
          </>
        ) : null}
      </>
    );
  };

  return (
    <section
      className="entry-panel transcript"
      aria-labelledby="transcript-title"
      aria-busy={transcript.isFetching || undefined}
      data-testid="transcript-panel"
    >
      <h2 id="transcript-title">{t('transcript.title')}</h2>
      {body()}
    </section>
  );
}
