/**
 * /entry/{id} (spec §2 Entry page): the recording of one participation with its 'Tasks' chapters,
 * a timeline with chapter and note markers, notes, playback speed, keyboard shortcuts, download and
 * deletion. A failed load shows 'Error retrieving video entry: …'.
 */
import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { paths } from '@/config/paths';
import { useEntry } from '@/features/entries/api/get-entry';
import { useEntryAnalysis } from '@/features/entries/api/get-entry-analysis';
import { useNotes } from '@/features/entries/api/get-notes';
import { ChapterList, type ChapterTexts } from '@/features/entries/components/chapter-list';
import { EntryHeader } from '@/features/entries/components/entry-header';
import { LiveRegion } from '@/features/entries/components/live-region';
import { NotesPanel, type NoteDraft } from '@/features/entries/components/notes-panel';
import { PlaybackControls } from '@/features/entries/components/playback-controls';
import { Timeline } from '@/features/entries/components/timeline';
import { useAnnouncer } from '@/features/entries/hooks/use-announcer';
import { usePlayer } from '@/features/entries/hooks/use-player';
import { useShortcuts } from '@/features/entries/hooks/use-shortcuts';
import { currentChapterIndex } from '@/features/entries/lib/chapters';
import { playbackUrl, urlExpiresAt } from '@/features/entries/lib/playback-url';
import { formatClock } from '@/features/entries/lib/time';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';
import type { EntryPageResponse } from '@/lib/api-types/EntryPageResponse';
import '@/features/entries/entry.css';

export function EntryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const entry = useEntry(id);

  if (entry.isPending) {
    return (
      <div className="entry-loading" role="status">
        <span className="page-loader__spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('entry.loading')}</span>
      </div>
    );
  }
  if (entry.isError) {
    const message = serverMessage(entry.error) ?? entry.error.message;
    return (
      <section className="entry-page entry-page--error" aria-labelledby="entry-error-title">
        <h1 id="entry-error-title">{t('entry.title')}</h1>
        <Alert tone="error" title={t('entry.loadError', { message })} testId="entry-error" />
        <Link to={paths.dashboard} className="button button--ghost">
          {t('entry.backToDashboard')}
        </Link>
      </section>
    );
  }
  return <EntryView entry={entry.data} refreshUrl={() => void entry.refetch()} />;
}

/** The scenario worth showing: none when missing, blank or the form's 'null' placeholder. */
const visibleText = (value: string | null | undefined) => (value && value.trim() && value !== 'null' ? value : null);

function chapterTexts(analysis: AnalysisDto | undefined): ChapterTexts {
  return {
    scenario: visibleText(analysis?.scenario),
    url: visibleText(analysis?.url),
    tasks: analysis?.tasks.map((task) => task.taskContent) ?? [],
  };
}

function EntryView({ entry, refreshUrl }: { entry: EntryPageResponse; refreshUrl: () => void }) {
  const { t, i18n } = useTranslation();
  const analysis = useEntryAnalysis(entry.analysisId);
  const notes = useNotes(entry.id);
  // Older answers (and the spec's single upload) may carry no segments: the entry URL is the file.
  const segments = useMemo(
    () => (entry.segments?.length ? entry.segments : [{ url: entry.entryUrl, durationMs: entry.durationMs ?? 0, cameraUrl: null, cameraOffsetMs: 0 }]),
    [entry.segments, entry.entryUrl, entry.durationMs],
  );
  const player = usePlayer(segments, entry.durationMs);
  const { announcement, announce } = useAnnouncer();
  const [draft, setDraft] = useState<NoteDraft | null>(null);
  const [playbackFailed, setPlaybackFailed] = useState(false);
  // Where to resume once a refreshed URL has loaded; whether this URL was already refreshed once.
  const resume = useRef<{ ms: number; play: boolean } | null>(null);
  const refreshed = useRef(false);
  // Where focus was before the note editor opened, to give it back afterwards.
  const focusBeforeDraft = useRef<Element | null>(null);

  const src = playbackUrl(player.src);
  const currentChapter = currentChapterIndex(entry.steps, entry.chapters, player.currentMs);
  const { videoRef } = player;

  const seekTo = (ms: number, options: { play?: boolean; label?: string } = {}) => {
    const target = player.seek(ms, { play: options.play });
    const time = formatClock(target);
    announce(options.label ? t('entry.announce.chapter', { title: options.label, time }) : t('entry.announce.seek', { time }));
  };

  const openDraft = () => {
    if (!draft) focusBeforeDraft.current = document.activeElement;
    player.pause();
    const atMs = Math.floor(player.position());
    setDraft((last) => ({ atMs, nonce: (last?.nonce ?? 0) + 1 }));
  };

  const closeDraft = () => {
    setDraft(null);
    const before = focusBeforeDraft.current;
    focusBeforeDraft.current = null;
    // Back where the user was (the button, or the page for shortcut users, so space plays again).
    if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus();
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };

  useShortcuts((action) => {
    if (action.kind === 'toggle') {
      announce(player.toggle() ? t('entry.announce.playing') : t('entry.announce.paused'));
    } else if (action.kind === 'seek') {
      announce(t('entry.announce.seek', { time: formatClock(player.seekBy(action.seconds)) }));
    } else {
      openDraft();
    }
  });

  const onVideoError = () => {
    const video = videoRef.current;
    const expiresAt = urlExpiresAt(player.src);
    // A signed URL lasts an hour: ask for a new one once (or again once that one has expired).
    if (!refreshed.current || (expiresAt !== null && expiresAt <= Date.now())) {
      refreshed.current = true;
      resume.current = { ms: player.position(), play: video ? !video.paused : false };
      refreshUrl();
      return;
    }
    setPlaybackFailed(true);
  };

  const onLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    player.videoProps.onLoadedMetadata(event);
    setPlaybackFailed(false);
    const pending = resume.current;
    resume.current = null;
    if (pending && pending.ms > 0) player.seek(pending.ms, { play: pending.play });
  };

  const chapterSelected = (chapter: ChapterDto) => {
    if (chapter.startMs !== null) seekTo(chapter.startMs, { play: true, label: chapter.title });
  };

  return (
    <article className="entry-page" aria-labelledby="entry-title">
      <EntryHeader entry={entry} src={playbackUrl(segments[0]?.url ?? entry.entryUrl)} />
      <div className="entry-layout">
        <div className="entry-layout__main">
          <div className="entry-player">
            <video
              ref={videoRef}
              className="entry-player__video"
              src={src}
              controls
              preload="metadata"
              playsInline
              aria-label={t('entry.videoLabel')}
              data-testid="entry-video"
              {...player.videoProps}
              onLoadedMetadata={onLoadedMetadata}
              onError={onVideoError}
            />
          </div>
          {playbackFailed ? (
            <Alert tone="error" title={t('entry.playbackFailed')}>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  refreshed.current = false;
                  setPlaybackFailed(false);
                  refreshUrl();
                }}
              >
                {t('entry.retry')}
              </button>
            </Alert>
          ) : null}
          <Timeline
            currentMs={player.currentMs}
            durationMs={player.durationMs}
            chapters={entry.chapters}
            notes={notes.data ?? []}
            currentChapter={currentChapter}
            onSeek={(ms) => seekTo(ms)}
          />
          <PlaybackControls
            rate={player.rate}
            onRate={(rate) => {
              player.setRate(rate);
              announce(t('entry.announce.speed', { rate: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(rate) }));
            }}
            onAddNote={openDraft}
          />
          <NotesPanel
            entryId={entry.id}
            notes={notes.data}
            loading={notes.isPending}
            loadFailed={notes.isError}
            onRetry={() => void notes.refetch()}
            durationMs={player.durationMs}
            draft={draft}
            onCloseDraft={closeDraft}
            onSeek={(ms) => seekTo(ms)}
            announce={announce}
          />
        </div>
        <aside className="entry-layout__side">
          <ChapterList
            chapters={entry.chapters}
            texts={chapterTexts(analysis.data?.analysisData)}
            currentIndex={currentChapter}
            onSelect={chapterSelected}
          />
        </aside>
      </div>
      <LiveRegion announcement={announcement} />
    </article>
  );
}
