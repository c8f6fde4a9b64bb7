/**
 * Size: EntryView wires the player, notes, clips, answers, the side panel and the shortcuts to one
 * timeline and one set of keyboard handlers; its parts are components, the wiring stays together.
 * /entry/{id} (product §2 Entry page): the recording of one participation in our player (all its
 * segments as one timeline, the camera picture-in-picture, chapters named as on the participant's
 * stepper, keyboard shortcuts), with a side panel of tabs beside it on wide screens and below it on
 * narrow ones or in theater mode: 'Notas' first (where a note written with N appears), the
 * 'Transcripción' (ADR 0018), its AI 'Resumen' (ADR 0021), the 'Tasks' chapters, and the participant's answers when there are some (ADR 0015). It resumes where the
 * recording was left off, or opens at the moment a link asks for (`?t=<seconds>`, ADR 0017).
 * A failed load shows 'Error retrieving video entry: …'.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Share2 } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { LoadingStatus } from '@/components/ui/loading-status';
import { paths } from '@/config/paths';
import { useEntry } from '@/features/entries/api/get-entry';
import { useEntryAnalysis } from '@/features/entries/api/get-entry-analysis';
import { useNotes } from '@/features/entries/api/get-notes';
import { AnswersPanel } from '@/features/entries/components/answers-panel';
import { ChapterList, type ChapterTexts } from '@/features/entries/components/chapter-list';
import { EntryHeader } from '@/features/entries/components/entry-header';
import { LiveRegion } from '@/features/entries/components/live-region';
import { LiveView } from '@/features/entries/components/live-view';
import { rememberPosition } from '@/features/entries/lib/position-memory';
import { startAtMs } from '@/features/entries/lib/start-at';
import { isApiError } from '@/lib/api-client';
import { NotesPanel, type NoteDraft } from '@/features/entries/components/notes-panel';
import { Player } from '@/features/entries/components/player';
import { ShortcutsDialog } from '@/features/entries/components/shortcuts-dialog';
import { TranscriptPanel } from '@/features/entries/components/transcript-panel';
import { SummaryPanel } from '@/features/entries/components/summary-panel';
import { useTranscript } from '@/features/entries/api/get-transcript';
import type { CaptionsSource } from '@/components/player/screen-videos';
import { startsOf } from '@/lib/player/captions';
import type { TranscriptResponse } from '@/lib/api-types/TranscriptResponse';
import { useAnnouncer } from '@/features/entries/hooks/use-announcer';
import { useFullscreen } from '@/features/entries/hooks/use-fullscreen';
import { usePlayer } from '@/components/player/use-player';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { usePositionMemory } from '@/features/entries/hooks/use-position-memory';
import { useShortcuts } from '@/features/entries/hooks/use-shortcuts';
import type { Corner } from '@/lib/player/camera-sync';
import { currentChapterIndex } from '@/lib/player/chapters';
import type { EngineSegment, PlaybackErrorHandler } from '@/lib/player/player-engine';
import { loadPrefs, savePrefs, type PlayerPrefs } from '@/features/entries/lib/player-prefs';
import { playbackUrl, urlExpiresAt } from '@/lib/player/playback-url';
import { adjacentChapter } from '@/lib/player/timeline';
import { formatClock } from '@/lib/time';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';
import type { EntryPageResponse } from '@/lib/api-types/EntryPageResponse';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import '@/features/entries/entry.css';
import '@/features/entries/transcript.css';
import { useTeamRole } from '@/components/session/use-team-role';

/** What the recording's share dialog needs; the dialog is another feature's, passed in by app/routes.tsx. */
export interface RecordingShare {
  analysisId: string;
  entryId: string;
  /** The recording in words ('la grabación del participante 3'). */
  label: string;
  onClose: () => void;
}

type RenderShareDialog = (share: RecordingShare) => ReactNode;

export function EntryPage({ renderShareDialog }: { renderShareDialog?: RenderShareDialog }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const entry = useEntry(id);

  if (entry.isPending) {
    return <LoadingStatus className="entry-loading" label={t('entry.loading')} />;
  }
  if (entry.isError && isApiError(entry.error) && entry.error.code === 'recording_not_ready') {
    // In progress: the live player until Finish, then the recorded one where it was (ADR 0016).
    return (
      <LiveView
        entryId={id}
        onFinished={(positionMs) => {
          rememberPosition(id, positionMs);
          void entry.refetch();
        }}
      />
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
  return (
    <EntryView
      key={entry.data.id}
      entry={entry.data}
      refreshUrl={() => void entry.refetch()}
      renderShareDialog={renderShareDialog}
    />
  );
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

/** The API's segments as the engine plays them (same-origin URLs); product §7's single upload has no segments. */
function engineSegments(entry: EntryPageResponse): EngineSegment[] {
  if (!entry.segments?.length)
    return [
      { url: playbackUrl(entry.entryUrl), durationMs: entry.durationMs ?? 0, cameraUrl: null, cameraOffsetMs: 0 },
    ];
  return entry.segments.map((segment) => ({
    url: playbackUrl(segment.url),
    durationMs: segment.durationMs,
    cameraUrl: segment.cameraUrl ? playbackUrl(segment.cameraUrl) : null,
    cameraOffsetMs: segment.cameraOffsetMs,
  }));
}

/** The transcript's lines as captions over the engine's segments. */
function captionsOf(
  transcript: TranscriptResponse | undefined,
  segments: readonly EngineSegment[],
): CaptionsSource | null {
  if (!transcript || transcript.lines.length === 0) return null;
  const durationsMs = segments.map((segment) => segment.durationMs);
  return {
    cues: transcript.lines.map((line) => ({ startMs: line.start_ms, endMs: line.end_ms, text: line.text })),
    offsetsMs: startsOf(durationsMs),
    durationsMs,
    language: transcript.language ?? 'es',
  };
}

type SideTab = 'notes' | 'transcript' | 'summary' | 'tasks' | 'answers';

const hasAnswers = (entry: EntryPageResponse) =>
  Boolean(entry.answers && (entry.answers.tasks.length > 0 || entry.answers.sus || entry.answers.questions?.length));

/** The side panel's tabs, notes first, then the transcript and its summary; 'Respuestas' only when the participant answered something. */
function sideTabs({
  labels,
  notes,
  transcript,
  summary,
  tasks,
  answers,
}: {
  labels: Record<SideTab, string>;
  notes: ReactNode;
  transcript: ReactNode;
  summary: ReactNode;
  tasks: ReactNode;
  answers: ReactNode;
}): TabItem<SideTab>[] {
  const items: TabItem<SideTab>[] = [
    { key: 'notes', label: labels.notes, panel: notes },
    { key: 'transcript', label: labels.transcript, panel: transcript },
    { key: 'summary', label: labels.summary, panel: summary },
    { key: 'tasks', label: labels.tasks, panel: tasks },
  ];
  if (answers) items.push({ key: 'answers', label: labels.answers, panel: answers });
  return items;
}

interface EntryViewProps {
  entry: EntryPageResponse;
  refreshUrl: () => void;
  renderShareDialog?: RenderShareDialog;
}

/** Size: see the top of the file (one timeline shared by player, panel and shortcuts). */
function EntryView({ entry, refreshUrl, renderShareDialog }: EntryViewProps) {
  const { t, i18n } = useTranslation();
  const { canResearch } = useTeamRole();
  const analysis = useEntryAnalysis(entry.analysisId);
  const notes = useNotes(entry.id);
  const segments = useMemo(() => engineSegments(entry), [entry]);
  const tiers = useMemo(() => entry.segments?.map((segment) => segment.tier) ?? [], [entry]);
  const [playbackFailed, setPlaybackFailed] = useState(false);
  // Whether the current URLs were already refreshed once after an error.
  const refreshed = useRef(false);

  const onError = useCallback<PlaybackErrorHandler>(
    ({ track, segment }) => {
      const url = track === 'screen' ? segments[segment]?.url : segments[segment]?.cameraUrl;
      const expiresAt = url ? urlExpiresAt(url) : null;
      // A signed URL lasts an hour: ask for new ones once (or again once those have expired).
      if (!refreshed.current || (expiresAt !== null && expiresAt <= Date.now())) {
        refreshed.current = true;
        refreshUrl();
        return;
      }
      // A camera that cannot play leaves the screen recording alone.
      if (track === 'screen') setPlaybackFailed(true);
    },
    [segments, refreshUrl],
  );

  const player = usePlayer(segments, entry.durationMs, onError);
  const { engine } = player;
  const { announcement, announce } = useAnnouncer();
  const [draft, setDraft] = useState<NoteDraft | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [sideTab, setSideTab] = useState<SideTab>('notes');
  const [captions, setCaptions] = useState(false);
  // The transcript is asked for once its tab has been opened, not on every visit to a recording.
  const transcriptOpened = useRef(false);
  if (sideTab === 'transcript') transcriptOpened.current = true;
  const summaryOpened = useRef(false);
  if (sideTab === 'summary') summaryOpened.current = true;
  const transcript = useTranscript(entry.id, captions);
  const captionsSource = useMemo(() => captionsOf(transcript.data, segments), [transcript.data, segments]);
  const [prefs, setPrefs] = useState<PlayerPrefs>(() => loadPrefs());
  const stageRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(stageRef);
  // Where focus was before the note editor opened, to give it back afterwards.
  const focusBeforeDraft = useRef<Element | null>(null);
  // `?t=<seconds>` (the summary's links to text answers, ADR 0017) opens at that moment.
  const [search] = useSearchParams();
  const resumed = usePositionMemory(entry.id, player, startAtMs(search.get('t')));

  useEffect(() => {
    if (player.durationMs > 0) setPlaybackFailed(false);
  }, [player.durationMs, segments]);

  useEffect(() => {
    engine.setCameraEnabled(!prefs.cameraHidden);
  }, [engine, prefs.cameraHidden]);

  // Turning cinema mode on brings the whole player into the window (ADR 0015); a page opened in
  // cinema mode keeps its header in view.
  const theaterBefore = useRef(prefs.theater);
  useEffect(() => {
    if (prefs.theater && !theaterBefore.current) stageRef.current?.scrollIntoView?.({ block: 'start' });
    theaterBefore.current = prefs.theater;
  }, [prefs.theater]);

  const changePrefs = (patch: Partial<PlayerPrefs>) =>
    setPrefs((last) => {
      const next = { ...last, ...patch };
      savePrefs(next);
      return next;
    });

  const currentChapter = currentChapterIndex(entry.steps, entry.chapters, player.currentMs);

  const seekTo = (ms: number, options: { play?: boolean; label?: string } = {}) => {
    const target = engine.seek(ms, { play: options.play });
    const time = formatClock(target);
    announce(
      options.label ? t('entry.announce.chapter', { title: options.label, time }) : t('entry.announce.seek', { time }),
    );
  };

  const openDraft = (range?: { startMs: number; endMs: number }) => {
    if (!draft) focusBeforeDraft.current = document.activeElement;
    // The editor is in the notes tab: it shows wherever the panel was.
    setSideTab('notes');
    engine.pause();
    const atMs = range?.startMs ?? Math.floor(engine.position());
    // A range makes a clip, which is a researcher's (ADR 0019): an observer gets a note at its start.
    const endMs = canResearch ? (range?.endMs ?? null) : null;
    setDraft((last) => ({ atMs, endMs, nonce: (last?.nonce ?? 0) + 1 }));
  };

  /** Shift+N: the open note ends at the playhead, which makes it a clip (without one open, a new note starts). */
  const endClip = () => {
    if (!draft || !canResearch) {
      // An observer's Shift+N is a note, like `n` (a clip is a researcher's).
      if (!draft) openDraft();
      return;
    }
    engine.pause();
    const endMs = Math.floor(engine.position());
    setDraft((last) => (last ? { ...last, endMs, nonce: last.nonce + 1 } : last));
    announce(t('clips.announce.endSet', { time: formatClock(endMs) }));
  };

  const playClip = (note: NoteDto) => {
    if (note.endMs === null) return;
    engine.playRange(note.atMs, note.endMs);
    announce(t('clips.announce.playing', { start: formatClock(note.atMs), end: formatClock(note.endMs) }));
  };

  const closeDraft = () => {
    setDraft(null);
    const before = focusBeforeDraft.current;
    focusBeforeDraft.current = null;
    // Back where the user was (the button, or the page for shortcut users, so space plays again).
    if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus();
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };

  const toggle = () => announce(engine.toggle() ? t('entry.announce.playing') : t('entry.announce.paused'));

  const goToChapter = (direction: -1 | 1) => {
    const chapter = adjacentChapter(entry.chapters, engine.position(), direction);
    if (chapter?.startMs != null) seekTo(chapter.startMs, { label: chapter.title });
  };

  const toggleTheater = () => changePrefs({ theater: !prefs.theater });

  const setCameraHidden = (hidden: boolean) => {
    changePrefs({ cameraHidden: hidden });
    announce(hidden ? t('entry.player.cameraHidden') : t('entry.player.cameraShown'));
  };

  const setCameraCorner = (corner: Corner) => {
    changePrefs({ cameraCorner: corner });
    announce(t('entry.player.cameraMoved', { corner: t(`entry.player.corners.${corner}`) }));
  };

  useShortcuts((action) => {
    switch (action.kind) {
      case 'toggle':
        toggle();
        break;
      case 'seek':
        announce(t('entry.announce.seek', { time: formatClock(engine.seekBy(action.seconds)) }));
        break;
      case 'chapter':
        goToChapter(action.direction);
        break;
      case 'frame':
        announce(t('entry.announce.seek', { time: formatClock(engine.stepFrame(action.direction)) }));
        break;
      case 'note':
        openDraft();
        break;
      case 'clipEnd':
        endClip();
        break;
      case 'mute':
        engine.setMuted(!player.muted);
        break;
      case 'theater':
        toggleTheater();
        break;
      case 'fullscreen':
        fullscreen.toggle();
        break;
      case 'help':
        setHelpOpen(true);
        break;
    }
  }, !helpOpen);

  const chapterSelected = (chapter: ChapterDto) => {
    if (chapter.startMs !== null) seekTo(chapter.startMs, { play: true, label: chapter.title });
  };

  const notice =
    resumed.at !== null ? (
      <p className="player__resumed" role="status">
        {t('entry.player.resumed', { time: formatClock(resumed.at) })}{' '}
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => {
            resumed.dismiss();
            seekTo(0);
          }}
        >
          {t('entry.player.fromStart')}
        </button>
      </p>
    ) : null;

  return (
    <article className="entry-page" aria-labelledby="entry-title">
      <EntryHeader
        entry={entry}
        src={segments[0]?.url ?? playbackUrl(entry.entryUrl)}
        extraActions={
          // Sharing is a researcher's (ADR 0019).
          canResearch ? (
            <button type="button" className="button button--ghost" onClick={() => setSharing(true)}>
              <Share2 size={18} aria-hidden="true" />
              {t('clips.share.recording')}
            </button>
          ) : undefined
        }
      />
      <div className="entry-layout" data-theater={prefs.theater || undefined}>
        <div className="entry-layout__main">
          <Player
            player={player}
            stageRef={stageRef}
            chapters={entry.chapters}
            notes={notes.data ?? []}
            currentChapter={currentChapter}
            answers={entry.answers?.questions}
            theater={prefs.theater}
            fullscreen={fullscreen.active}
            cameraCorner={prefs.cameraCorner}
            onCameraCorner={setCameraCorner}
            onCameraHidden={setCameraHidden}
            onSeek={(ms) => seekTo(ms)}
            onSkip={(seconds) => announce(t('entry.announce.seek', { time: formatClock(engine.seekBy(seconds)) }))}
            onToggle={toggle}
            onRate={(rate) => {
              engine.setRate(rate);
              announce(
                t('entry.announce.speed', {
                  rate: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(rate),
                }),
              );
            }}
            onAddNote={() => openDraft()}
            onSelectRange={(startMs, endMs) => openDraft({ startMs, endMs })}
            onTheater={toggleTheater}
            onFullscreen={fullscreen.toggle}
            onHelp={() => setHelpOpen(true)}
            notice={notice}
            captions={captions ? captionsSource : null}
            tiers={tiers}
          />
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
        </div>
        <aside className="entry-layout__side" aria-label={t('entry.sidePanel')}>
          <Tabs
            label={t('entry.sidePanel')}
            selected={sideTab}
            onSelect={setSideTab}
            items={sideTabs({
              labels: {
                notes: t('entry.tabs.notes'),
                transcript: t('transcript.tab'),
                summary: t('aiSummary.tab'),
                tasks: t('entry.tabs.tasks'),
                answers: t('entry.tabs.answers'),
              },
              notes: (
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
                  onPlayClip={playClip}
                  announce={announce}
                />
              ),
              transcript: (
                <TranscriptPanel
                  entryId={entry.id}
                  load={transcriptOpened.current}
                  currentMs={player.currentMs}
                  durationMs={player.durationMs}
                  captions={captions}
                  onCaptions={setCaptions}
                  onSeek={(ms) => seekTo(ms)}
                  onCreateClip={openDraft}
                />
              ),
              summary: (
                <SummaryPanel
                  entryId={entry.id}
                  load={summaryOpened.current}
                  tasks={chapterTexts(analysis.data?.analysisData).tasks}
                  onSeek={(ms) => seekTo(ms)}
                />
              ),
              tasks: (
                <ChapterList
                  chapters={entry.chapters}
                  texts={chapterTexts(analysis.data?.analysisData)}
                  currentIndex={currentChapter}
                  onSelect={chapterSelected}
                />
              ),
              answers: hasAnswers(entry) ? (
                <AnswersPanel answers={entry.answers} currentMs={player.currentMs} onSeek={(ms) => seekTo(ms)} />
              ) : null,
            })}
          />
        </aside>
      </div>
      {helpOpen ? <ShortcutsDialog onClose={() => setHelpOpen(false)} /> : null}
      {sharing
        ? renderShareDialog?.({
            analysisId: entry.analysisId,
            entryId: entry.id,
            label:
              entry.participantNumber > 0
                ? t('clips.share.recordingOf', { number: entry.participantNumber })
                : t('clips.share.recordingLabel'),
            onClose: () => setSharing(false),
          })
        : null}
      <LiveRegion announcement={announcement} />
    </article>
  );
}
