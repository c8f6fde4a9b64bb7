/**
 * Plays one clip (ADR 0012): only its range, across the recording's files, with the participant's
 * camera picture-in-picture when the clip has one. Used for reels (one per clip, with a title card
 * over the picture until `start`) and on share pages. Our own small control bar: play/pause, a
 * position slider over the clip and its time. `onEnded` fires when the range has played out.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Captions, Pause, Play, Video, VideoOff } from 'lucide-react';
import { CameraOverlay } from '@/components/player/camera-overlay';
import { ControlButton } from '@/components/player/control-button';
import { ScreenVideos, type CaptionsSource } from '@/components/player/screen-videos';
import { usePlayer } from '@/components/player/use-player';
import type { Corner } from '@/lib/player/camera-sync';
import { formatClock } from '@/lib/time';
import type { TranscriptLanguage } from '@/lib/api-types/TranscriptLanguage';
import { useSharedCaptions } from '@/features/insights/api/shared-captions';
import { clipTimeline, type PlayableClip } from '@/features/insights/lib/playlist';
import '@/features/insights/insights.css';

interface ClipPlayerProps {
  clip: PlayableClip;
  label: string;
  /** Plays as soon as this is true (a reel's title card lifts); false keeps it paused at the start. */
  start?: boolean;
  onEnded?: () => void;
  /** Shown over the picture (a reel's title card). */
  overlay?: ReactNode;
  /** The camera is not offered (a share link that hides it has no camera URLs anyway). */
  hideCamera?: boolean;
  /** A WebVTT file on the recording's timeline (a share made with captions, ADR 0018): shown, and switchable off. */
  captionsUrl?: string | null;
  /** The captions' language (the analysis's transcription language). */
  captionsLanguage?: TranscriptLanguage | null;
  testId?: string;
}

/** Size: the range, the camera and the captions share the one engine snapshot of the clip. */
export function ClipPlayer({
  clip,
  label,
  start = false,
  onEnded,
  overlay,
  hideCamera = false,
  captionsUrl = null,
  captionsLanguage = null,
  testId,
}: ClipPlayerProps) {
  const { t } = useTranslation();
  const timeline = useMemo(() => clipTimeline(clip), [clip]);
  const [failed, setFailed] = useState(false);
  const onError = useCallback(({ track }: { track: 'screen' | 'camera' }) => {
    if (track === 'screen') setFailed(true);
  }, []);
  const player = usePlayer(timeline.segments, null, onError);
  const { engine } = player;
  const [corner, setCorner] = useState<Corner>('bottom-right');
  const [cameraHidden, setCameraHidden] = useState(hideCamera);
  const cues = useSharedCaptions(captionsUrl);
  const [captionsOn, setCaptionsOn] = useState(true);
  const captions = useMemo<CaptionsSource | null>(
    () =>
      cues
        ? {
            cues,
            offsetsMs: clip.segments.map((segment) => segment.offsetMs),
            durationsMs: clip.segments.map((segment) => segment.durationMs),
            language: captionsLanguage ?? 'es',
          }
        : null,
    [cues, clip.segments, captionsLanguage],
  );
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useEffect(() => {
    engine.onRangeEnd = () => ended.current?.();
    return () => {
      engine.onRangeEnd = null;
    };
  }, [engine]);

  useEffect(() => {
    engine.setCameraEnabled(!cameraHidden);
  }, [engine, cameraHidden]);

  // Ready at the clip's start; `start` plays the range. Once played, it stays where it ended.
  useEffect(() => {
    engine.seek(timeline.startMs, { play: false });
  }, [engine, timeline.startMs]);

  useEffect(() => {
    if (start) engine.playRange(timeline.startMs, timeline.endMs);
  }, [engine, start, timeline.startMs, timeline.endMs]);

  const length = Math.max(0, timeline.endMs - timeline.startMs);
  const position = Math.min(length, Math.max(0, player.currentMs - timeline.startMs));

  const toggle = () => {
    if (player.playing) {
      engine.pause();
      return;
    }
    // Within the range it goes on; at its end (or outside it) the clip plays again from its start.
    if (player.range) engine.toggle();
    else if (position >= length - 100 || player.currentMs < timeline.startMs)
      engine.playRange(timeline.startMs, timeline.endMs);
    else engine.playRange(player.currentMs, timeline.endMs);
  };

  const seek = (ms: number) => {
    const target = timeline.startMs + Math.min(length, Math.max(0, ms));
    if (player.playing) engine.playRange(target, timeline.endMs);
    else engine.seek(target, { play: false });
  };

  return (
    <section className="player clip-player" aria-label={label} data-testid={testId}>
      <div className="player__frame" onClick={overlay ? undefined : toggle}>
        <ScreenVideos player={player} preload="auto" testIdPrefix="clip" captions={captionsOn ? captions : null} />
        {player.hasCamera && !hideCamera ? (
          <CameraOverlay
            engine={engine}
            slot={player.cameraSlot}
            status={player.camera}
            corner={corner}
            onCorner={setCorner}
            onHide={() => setCameraHidden(true)}
          />
        ) : null}
        {overlay}
      </div>
      {failed ? (
        <p className="clip-player__error" role="alert">
          {t('clips.player.failed')}
        </p>
      ) : null}
      <div className="player__bar clip-player__bar">
        <ControlButton
          label={player.playing ? t('entry.player.pause') : t('entry.player.play')}
          icon={player.playing ? <Pause aria-hidden="true" size={20} /> : <Play aria-hidden="true" size={20} />}
          onClick={toggle}
          testId="clip-toggle"
        />
        <input
          type="range"
          className="player-scrubber__range clip-player__range"
          min={0}
          max={length / 1000}
          step={0.1}
          value={position / 1000}
          aria-label={t('entry.position')}
          aria-valuetext={t('entry.positionValue', { current: formatClock(position), total: formatClock(length) })}
          onChange={(event) => seek(Number(event.currentTarget.value) * 1000)}
        />
        <p className="player__time" data-testid="clip-time">
          {formatClock(position)} / {formatClock(length)}
        </p>
        {captions ? (
          <ControlButton
            label={t('transcript.captions')}
            icon={<Captions aria-hidden="true" size={20} />}
            onClick={() => setCaptionsOn(!captionsOn)}
            pressed={captionsOn}
            testId="clip-captions"
          />
        ) : null}
        {player.hasCamera && !hideCamera ? (
          <ControlButton
            label={t('entry.player.camera')}
            icon={cameraHidden ? <VideoOff aria-hidden="true" size={20} /> : <Video aria-hidden="true" size={20} />}
            onClick={() => setCameraHidden(!cameraHidden)}
            pressed={!cameraHidden}
          />
        ) : null}
      </div>
    </section>
  );
}
