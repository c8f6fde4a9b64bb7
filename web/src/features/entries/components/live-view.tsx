/**
 * /entry/{id} while the participation is in progress (ADR 0016): the participant's screen as it is
 * recorded, from the live edge ('Ir al directo' returns there after scrubbing back, as far as the
 * segment's start), the task they are on, their answers as they give them, and notes taken on the
 * recording's own timeline (the segment's offset plus the video's time, which is where the
 * recorded player shows them). A note's end marked while watching makes it a clip ('Marcar el
 * final del clip'); clicking a note, a clip or an answer scrubs back to it. When the participant finishes, `onFinished` gets the position so
 * the page can switch to the recorded player there. The participant's camera, when shared, plays
 * in a corner of the picture from its own live feed.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Radio } from 'lucide-react';
import { Alert } from '@/components/alert';
import { useNotes } from '@/features/entries/api/get-notes';
import { AnswersPanel } from '@/features/entries/components/answers-panel';
import { LiveRegion } from '@/features/entries/components/live-region';
import { NotesPanel } from '@/features/entries/components/notes-panel';
import { useAnnouncer } from '@/features/entries/hooks/use-announcer';
import { currentTask, useLive, type LiveFeeds } from '@/features/entries/hooks/use-live';
import { useLiveNote } from '@/features/entries/hooks/use-live-note';
import { LiveFeed } from '@/features/entries/lib/live-feed';
import { formatClock } from '@/lib/time';
import '@/features/entries/live.css';

/** Further behind the newest buffered frame than this (or scrubbed back further than is buffered), the player is not 'at the live edge'. */
const EDGE_S = 3;

export function LiveView({ entryId, onFinished }: { entryId: string; onFinished: (positionMs: number) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const cameraRef = useRef<HTMLVideoElement>(null);
  const [feeds, setFeeds] = useState<LiveFeeds | null>(null);
  const feed = feeds?.screen ?? null;
  const live = useLive(entryId, feeds);
  const notes = useNotes(entryId);
  const { announcement, announce } = useAnnouncer();
  const [positionMs, setPositionMs] = useState(0);
  const [atEdge, setAtEdge] = useState(true);

  useEffect(() => {
    if (videoRef.current && cameraRef.current)
      setFeeds({ screen: new LiveFeed(videoRef.current), camera: new LiveFeed(cameraRef.current) });
  }, []);

  /** The playhead on the participation's timeline. */
  const position = () => (feed?.current()?.offsetMs ?? 0) + Math.floor((videoRef.current?.currentTime ?? 0) * 1000);

  const finished = live.status === 'finished';
  useEffect(() => {
    if (finished) onFinished(position());
    // Only when it turns finished: the position is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  /** Scrubs to `ms` on the participation's timeline, within the segment being played. */
  const seekTo = (ms: number) => {
    const offset = feed?.current()?.offsetMs ?? 0;
    if (videoRef.current && ms >= offset) videoRef.current.currentTime = (ms - offset) / 1000;
  };

  const onTime = () => {
    setPositionMs(position());
    setAtEdge(feed?.atEdge(EDGE_S) ?? true);
  };
  // A paused picture (a note being written) fires no `timeupdate`, while the participant goes on
  // and the live edge moves away: without this, 'Ir al directo' stayed disabled however far behind.
  useEffect(() => {
    const timer = window.setInterval(onTime, 1_000);
    return () => window.clearInterval(timer);
    // `onTime` reads the feed and the video through refs and the feed, which is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed]);

  const { draft, openNote, closeNote, endClip } = useLiveNote(videoRef, feed, position, announce, EDGE_S);
  const task = currentTask(live.steps);
  const segment = feed?.current();
  return (
    <article className="entry-page live-view" aria-labelledby="live-title">
      <header className="live-view__header">
        <h1 id="live-title">{t('live.title')}</h1>
        <span className="live-badge">
          <Radio size={16} aria-hidden="true" />
          {t('live.badge')}
        </span>
        <p className="live-view__task" data-testid="live-task" aria-live="polite">
          {task !== null && live.taskCount > 0
            ? t('live.task', { number: task, total: live.taskCount })
            : t('live.beforeTasks')}
        </p>
      </header>
      {live.disconnected ? <Alert tone="warning" title={t('live.disconnected')} testId="live-disconnected" /> : null}
      {live.status === 'deleted' ? <Alert tone="error" title={t('live.deleted')} /> : null}
      {live.status === 'revoked' ? <Alert tone="error" title={t('live.revoked')} testId="live-revoked" /> : null}
      <div className="entry-layout">
        <div className="entry-layout__main">
          <div className="live-view__stage">
            <video
              ref={videoRef}
              className="live-view__video"
              data-testid="live-video"
              data-offset-ms={segment?.offsetMs ?? 0}
              data-mime={segment?.mime}
              data-opened-at={segment?.openedAt ?? 0}
              aria-label={t('live.video')}
              muted
              playsInline
              controls
              onTimeUpdate={onTime}
            />
            <video
              ref={cameraRef}
              className="live-view__camera"
              data-testid="live-camera"
              aria-label={t('live.camera')}
              hidden={!live.camera}
              muted
              playsInline
            />
          </div>
          <div className="live-view__bar">
            <span data-testid="live-position">{t('live.position', { time: formatClock(positionMs) })}</span>
            <button
              type="button"
              className="button button--ghost button--sm"
              disabled={atEdge}
              onClick={() => feed?.goLive()}
            >
              {t('live.goLive')}
            </button>
            <button type="button" className="button button--sm" onClick={openNote}>
              {t('entry.notes.add')}
            </button>
            <button type="button" className="button button--ghost button--sm" disabled={!draft} onClick={endClip}>
              {t('live.clipEnd')}
            </button>
          </div>
        </div>
        <aside className="entry-layout__side" aria-label={t('entry.sidePanel')}>
          <NotesPanel
            entryId={entryId}
            notes={notes.data}
            loading={notes.isPending}
            loadFailed={notes.isError}
            onRetry={() => void notes.refetch()}
            durationMs={0}
            draft={draft}
            onCloseDraft={closeNote}
            onSeek={seekTo}
            onPlayClip={(note) => seekTo(note.atMs)}
            announce={announce}
          />
          {live.tasks.length || live.sus ? (
            <section aria-labelledby="live-answers">
              <h2 id="live-answers">{t('entry.tabs.answers')}</h2>
              <AnswersPanel answers={{ tasks: live.tasks, sus: live.sus }} currentMs={positionMs} onSeek={seekTo} />
            </section>
          ) : null}
        </aside>
      </div>
      <LiveRegion announcement={announcement} />
    </article>
  );
}
