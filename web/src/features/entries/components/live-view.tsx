/**
 * /entry/{id} while the participation is in progress (ADR 0016): the participant's screen as it is
 * recorded, from the live edge ('Ir al directo' returns there after scrubbing back, as far as the
 * segment's start), the task they are on, their answers as they give them, and notes taken on the
 * recording's own timeline (the segment's offset plus the video's time, which is where the
 * recorded player shows them). A note's end marked while watching makes it a clip ('Marcar el
 * final del clip'); clicking a note, a clip or an answer scrubs back to it. When the participant finishes, `onFinished` gets the position so
 * the page can switch to the recorded player there. The participant's camera, when shared, plays
 * in a corner of the picture from its own live feed. Issue 45: a header that says who is on screen
 * and leads back to the analysis, our own controls instead of the browser's (live-controls.tsx),
 * sound once the researcher allows it, and a one-line quick note on 'N' (quick-note.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { useNotes } from '@/features/entries/api/get-notes';
import { AnswersPanel } from '@/features/entries/components/answers-panel';
import { LiveControls } from '@/features/entries/components/live-controls';
import { LiveHeader } from '@/features/entries/components/live-header';
import { LiveRegion } from '@/features/entries/components/live-region';
import { LiveStage } from '@/features/entries/components/live-stage';
import { NotesPanel } from '@/features/entries/components/notes-panel';
import { QuickNote } from '@/features/entries/components/quick-note';
import { useAnnouncer } from '@/features/entries/hooks/use-announcer';
import { currentTask, useLive, type LiveFeeds } from '@/features/entries/hooks/use-live';
import { useLiveNote } from '@/features/entries/hooks/use-live-note';
import { useLivePlayback } from '@/features/entries/hooks/use-live-playback';
import { useShortcuts } from '@/features/entries/hooks/use-shortcuts';
import { LiveFeed } from '@/features/entries/lib/live-feed';
import '@/features/entries/entry.css';
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
  const playback = useLivePlayback(videoRef, feed, EDGE_S);
  const { position } = playback;

  useEffect(() => {
    if (videoRef.current && cameraRef.current)
      setFeeds({ screen: new LiveFeed(videoRef.current), camera: new LiveFeed(cameraRef.current) });
  }, []);

  const finished = live.status === 'finished';
  useEffect(() => {
    if (finished) onFinished(position());
    // Only when it turns finished: the position is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  const note = useLiveNote(videoRef, feed, position, announce, EDGE_S);
  const toggle = () => announce(playback.toggle() ? t('entry.announce.playing') : t('entry.announce.paused'));
  // The recorded player's keys that mean something live: play/pause, ∓5 s, sound, 'N' for the quick note.
  useShortcuts((action) => {
    if (action.kind === 'toggle') toggle();
    else if (action.kind === 'seek') playback.seekTo(position() + action.seconds * 1000);
    else if (action.kind === 'mute') playback.setMuted(!playback.muted);
    else if (action.kind === 'note') note.openQuick();
    else if (action.kind === 'clipEnd' && note.draft) note.endClip();
  });

  const task = currentTask(live.steps);
  return (
    <article className="entry-page live-view" aria-labelledby="live-title">
      <LiveHeader
        entryId={entryId}
        analysisId={live.analysisId}
        task={
          task !== null && live.taskCount > 0
            ? t('live.task', { number: task, total: live.taskCount })
            : t('live.beforeTasks')
        }
      />
      {live.disconnected ? <Alert tone="warning" title={t('live.disconnected')} testId="live-disconnected" /> : null}
      {live.status === 'deleted' ? <Alert tone="error" title={t('live.deleted')} /> : null}
      {live.status === 'revoked' ? <Alert tone="error" title={t('live.revoked')} testId="live-revoked" /> : null}
      <div className="entry-layout">
        <div className="entry-layout__main">
          <section className="player live-view__player" aria-label={t('entry.player.label')}>
            <LiveStage
              videoRef={videoRef}
              cameraRef={cameraRef}
              segment={feed?.current()}
              camera={live.camera}
              onChange={playback.refresh}
            />
            <LiveControls
              playback={playback}
              notes={notes.data ?? []}
              drafting={note.draft !== null}
              onToggle={toggle}
              onGoLive={() => feed?.goLive()}
              onAddNote={note.openNote}
              onClipEnd={note.endClip}
            />
          </section>
          {note.quickAtMs !== null ? (
            <QuickNote entryId={entryId} atMs={note.quickAtMs} onClose={note.closeQuick} announce={announce} />
          ) : null}
        </div>
        <aside className="entry-layout__side" aria-label={t('entry.sidePanel')}>
          <NotesPanel
            entryId={entryId}
            notes={notes.data}
            loading={notes.isPending}
            loadFailed={notes.isError}
            onRetry={() => void notes.refetch()}
            durationMs={0}
            draft={note.draft}
            onCloseDraft={note.closeNote}
            onSeek={playback.seekTo}
            onPlayClip={(clip) => playback.seekTo(clip.atMs)}
            announce={announce}
          />
          {live.tasks.length || live.sus ? (
            <section aria-labelledby="live-answers">
              <h2 id="live-answers">{t('entry.tabs.answers')}</h2>
              <AnswersPanel
                answers={{ tasks: live.tasks, sus: live.sus }}
                currentMs={playback.positionMs}
                onSeek={playback.seekTo}
              />
            </section>
          ) : null}
        </aside>
      </div>
      <LiveRegion announcement={announcement} />
    </article>
  );
}
