/**
 * The recording player: the screen recording as large as the page allows (two <video> elements
 * that take turns across segments, no native controls), the camera picture-in-picture, and our
 * control bar: the one scrubber with chapter marks and note pins, play/pause, ∓5 s, the time and
 * current chapter, speed, 'Añadir nota', sound, camera, theater mode, full screen and the keyboard
 * help. Every icon button has a tooltip. Clicking the picture plays or pauses; a double click
 * toggles full screen.
 */
import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Keyboard,
  Maximize,
  MessageSquarePlus,
  Minimize,
  Pause,
  Play,
  RectangleHorizontal,
  RotateCcw,
  RotateCw,
  Video,
  VideoOff,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { CameraOverlay } from '@/components/player/camera-overlay';
import { ControlButton } from '@/components/player/control-button';
import { ScreenVideos, type CaptionsSource } from '@/components/player/screen-videos';
import type { Player as PlayerState } from '@/components/player/use-player';
import { QualityNote } from '@/features/entries/components/quality-note';
import { Scrubber } from '@/features/entries/components/scrubber';
import type { Corner } from '@/lib/player/camera-sync';
import { PLAYBACK_RATES } from '@/lib/player/timeline';
import { formatClock } from '@/lib/time';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { QuestionAnswerDto } from '@/lib/api-types/QuestionAnswerDto';

interface PlayerProps {
  player: PlayerState;
  stageRef: RefObject<HTMLElement | null>;
  chapters: readonly ChapterDto[];
  notes: readonly NoteDto[];
  currentChapter: number | null;
  /** Answers to the study's questions (ADR 0017), marked on the scrubber. */
  answers?: readonly QuestionAnswerDto[];
  theater: boolean;
  fullscreen: boolean;
  cameraCorner: Corner;
  onCameraCorner: (corner: Corner) => void;
  onCameraHidden: (hidden: boolean) => void;
  onSeek: (ms: number) => void;
  onSkip: (seconds: number) => void;
  onToggle: () => void;
  onRate: (rate: number) => void;
  onAddNote: () => void;
  /** A range dragged on the scrubber's clip lane. */
  onSelectRange?: (startMs: number, endMs: number) => void;
  onTheater: () => void;
  onFullscreen: () => void;
  onHelp: () => void;
  /** Shown over the bottom of the picture (e.g. 'Continúas donde lo dejaste'). */
  notice?: ReactNode;
  /** The transcript as captions on the picture (ADR 0018), when switched on. */
  captions?: CaptionsSource | null;
  /** Each segment's quality tier (issue 48), by index: a reduced one is noted while it plays. */
  tiers?: readonly number[];
}

/** Size: the controls (timeline, chapters, speed, camera, theater, fullscreen) share one engine snapshot. */
export function Player({
  player,
  stageRef,
  chapters,
  notes,
  currentChapter,
  answers,
  theater,
  fullscreen,
  cameraCorner,
  onCameraCorner,
  onCameraHidden,
  onSeek,
  onSkip,
  onToggle,
  onRate,
  onAddNote,
  onSelectRange,
  onTheater,
  onFullscreen,
  onHelp,
  notice,
  captions,
  tiers,
}: PlayerProps) {
  const { t, i18n } = useTranslation();
  const speedId = useId();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const { engine } = player;
  const chapterTitle = chapters.find((chapter) => chapter.index === currentChapter)?.title;
  const cameraOff = player.camera === 'off';

  return (
    <section
      ref={stageRef as RefObject<HTMLElement>}
      className="player"
      data-theater={theater || undefined}
      data-fullscreen={fullscreen || undefined}
      aria-label={t('entry.player.label')}
      data-testid="player"
    >
      <div className="player__frame" onClick={onToggle} onDoubleClick={onFullscreen}>
        <ScreenVideos player={player} preload="metadata" testIdPrefix="entry" captions={captions} />
        {player.hasCamera ? (
          <CameraOverlay
            engine={engine}
            slot={player.cameraSlot}
            status={player.camera}
            corner={cameraCorner}
            onCorner={onCameraCorner}
            onHide={() => onCameraHidden(true)}
          />
        ) : null}
        <QualityNote
          tier={tiers?.[player.segment] ?? 0}
          side={player.hasCamera && !cameraOff && cameraCorner === 'top-left' ? 'right' : 'left'}
        />
        {notice ? (
          <div className="player__notice" onClick={(event) => event.stopPropagation()}>
            {notice}
          </div>
        ) : null}
      </div>
      <div className="player__bar">
        <Scrubber
          currentMs={player.currentMs}
          durationMs={player.durationMs}
          chapters={chapters}
          notes={notes}
          currentChapter={currentChapter}
          answers={answers}
          onSeek={onSeek}
          onSelectRange={onSelectRange}
        />
        <div className="player__controls cluster-between">
          <div className="player__group">
            <ControlButton
              label={player.playing ? t('entry.player.pause') : t('entry.player.play')}
              shortcut={{ label: t('entry.shortcuts.spaceKey'), aria: 'Space' }}
              icon={player.playing ? <Pause aria-hidden="true" size={20} /> : <Play aria-hidden="true" size={20} />}
              onClick={onToggle}
              testId="player-toggle"
            />
            <ControlButton
              label={t('entry.player.back5')}
              shortcut={{ label: '←', aria: 'ArrowLeft' }}
              icon={<RotateCcw aria-hidden="true" size={20} />}
              onClick={() => onSkip(-5)}
            />
            <ControlButton
              label={t('entry.player.forward5')}
              shortcut={{ label: '→', aria: 'ArrowRight' }}
              icon={<RotateCw aria-hidden="true" size={20} />}
              onClick={() => onSkip(5)}
            />
            <ControlButton
              label={t('entry.player.mute')}
              shortcut={{ label: 'M', aria: 'm' }}
              icon={player.muted ? <VolumeX aria-hidden="true" size={20} /> : <Volume2 aria-hidden="true" size={20} />}
              onClick={() => engine.setMuted(!player.muted)}
              pressed={player.muted}
            />
            <p className="player__time" data-testid="player-time">
              <span>
                {formatClock(player.currentMs)} / {player.durationMs > 0 ? formatClock(player.durationMs) : '--:--'}
              </span>
              {chapterTitle ? (
                <span className="player__chapter" data-testid="player-chapter">
                  {chapterTitle}
                </span>
              ) : null}
            </p>
          </div>
          <div className="player__group player__group--end">
            <div className="player__speed">
              <label htmlFor={speedId}>{t('entry.speed')}</label>
              {/* Named twice over: a narrow bar hides the label's words (player-narrow.css). */}
              <select
                id={speedId}
                aria-label={t('entry.speed')}
                value={String(player.rate)}
                onChange={(event) => onRate(Number(event.currentTarget.value))}
              >
                {PLAYBACK_RATES.map((option) => (
                  <option key={option} value={String(option)}>
                    {t('entry.speedOption', { rate: number.format(option) })}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="button button--primary button--sm player__note"
              aria-label={t('entry.notes.add')}
              onClick={onAddNote}
              aria-keyshortcuts="n"
            >
              <MessageSquarePlus aria-hidden="true" size={18} />
              <span className="player__note-label">{t('entry.notes.add')}</span>
            </button>
            {player.hasCamera ? (
              <ControlButton
                label={t('entry.player.camera')}
                icon={cameraOff ? <VideoOff aria-hidden="true" size={20} /> : <Video aria-hidden="true" size={20} />}
                onClick={() => onCameraHidden(!cameraOff)}
                pressed={!cameraOff}
                testId="camera-toggle"
              />
            ) : null}
            <ControlButton
              label={t('entry.player.theater')}
              shortcut={{ label: 'T', aria: 't' }}
              icon={<RectangleHorizontal aria-hidden="true" size={20} />}
              onClick={onTheater}
              pressed={theater}
              testId="player-theater"
            />
            <ControlButton
              label={fullscreen ? t('entry.player.fullscreenExit') : t('entry.player.fullscreen')}
              shortcut={{ label: 'F', aria: 'f' }}
              icon={fullscreen ? <Minimize aria-hidden="true" size={20} /> : <Maximize aria-hidden="true" size={20} />}
              onClick={onFullscreen}
              testId="player-fullscreen"
            />
            <ControlButton
              label={t('entry.shortcuts.title')}
              shortcut={{ label: '?', aria: '?' }}
              icon={<Keyboard aria-hidden="true" size={20} />}
              onClick={onHelp}
              testId="player-help"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
