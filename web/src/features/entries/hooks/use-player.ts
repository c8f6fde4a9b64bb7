/**
 * The <video> of the entry page as React state: where the playhead is, whether it plays, the speed
 * and the length (the element's, or the API's when the file does not say), plus the commands the
 * chapters, notes, timeline and shortcuts share (seek, seek by, play/pause, speed).
 */
import { useCallback, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { effectiveDurationMs } from '@/features/entries/lib/chapters';

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export function usePlayer(apiDurationMs: number | null) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [currentMs, setCurrentMs] = useState(0);
  const [videoSeconds, setVideoSeconds] = useState(Number.NaN);
  const [playing, setPlaying] = useState(false);
  const [rate, setRateState] = useState(1);
  const rateRef = useRef(1);

  const durationMs = effectiveDurationMs(videoSeconds, apiDurationMs);

  const clamp = useCallback(
    (ms: number) => {
      const upper = effectiveDurationMs(videoRef.current?.duration ?? Number.NaN, apiDurationMs);
      const low = Math.max(0, ms);
      return upper > 0 ? Math.min(low, upper) : low;
    },
    [apiDurationMs],
  );

  /** Moves the playhead to `ms` (clamped to the video) and optionally starts playing; returns where it went. */
  const seek = useCallback(
    (ms: number, options: { play?: boolean } = {}) => {
      const target = clamp(ms);
      const video = videoRef.current;
      if (!video) return target;
      video.currentTime = target / 1000;
      setCurrentMs(target);
      // play() rejects when the source changes or the browser refuses; the controls stay usable.
      if (options.play) video.play()?.catch(() => {});
      return target;
    },
    [clamp],
  );

  const seekBy = useCallback(
    (seconds: number) => seek((videoRef.current?.currentTime ?? 0) * 1000 + seconds * 1000),
    [seek],
  );

  /** Plays when paused and pauses when playing; returns whether it now plays. */
  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return false;
    if (video.paused || video.ended) {
      video.play()?.catch(() => {});
      return true;
    }
    video.pause();
    return false;
  }, []);

  const pause = useCallback(() => videoRef.current?.pause(), []);

  const setRate = useCallback((next: number) => {
    rateRef.current = next;
    setRateState(next);
    const video = videoRef.current;
    if (video) {
      video.defaultPlaybackRate = next;
      video.playbackRate = next;
    }
  }, []);

  /** Event props for the <video>: they keep the state above in step with the element. */
  const videoProps = useMemo(() => {
    const syncTime = (event: SyntheticEvent<HTMLVideoElement>) => setCurrentMs(event.currentTarget.currentTime * 1000);
    const syncDuration = (event: SyntheticEvent<HTMLVideoElement>) => setVideoSeconds(event.currentTarget.duration);
    return {
      onTimeUpdate: syncTime,
      onSeeking: syncTime,
      onSeeked: syncTime,
      onDurationChange: syncDuration,
      onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => {
        syncDuration(event);
        // A new source starts at the default speed; keep the one chosen.
        event.currentTarget.defaultPlaybackRate = rateRef.current;
        event.currentTarget.playbackRate = rateRef.current;
      },
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: () => setPlaying(false),
      onRateChange: (event: SyntheticEvent<HTMLVideoElement>) => {
        rateRef.current = event.currentTarget.playbackRate;
        setRateState(event.currentTarget.playbackRate);
      },
    };
  }, []);

  return { videoRef, currentMs, durationMs, playing, rate, seek, seekBy, toggle, pause, setRate, videoProps };
}

export type Player = ReturnType<typeof usePlayer>;
