/**
 * The <video> of the entry page as React state, over the recording's segments (ADR 0005: each
 * resume after a reload or crash is its own file): one timeline whose position is the segment's
 * start plus the element's time. At the end of a segment the next one plays; a seek into another
 * segment switches the source and lands there once it has loaded. Also the speed, the length (the
 * element's for a single file, the API's sum for several), and the commands the chapters, notes,
 * timeline and shortcuts share (seek, seek by, play/pause, speed).
 */
import { useCallback, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { effectiveDurationMs } from '@/features/entries/lib/chapters';
import type { SegmentDto } from '@/lib/api-types/SegmentDto';

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** Where each segment starts on the timeline, and the total. */
export function segmentOffsets(segments: readonly Pick<SegmentDto, 'durationMs'>[]): { starts: number[]; total: number } {
  const starts: number[] = [];
  let total = 0;
  for (const segment of segments) {
    starts.push(total);
    total += Math.max(0, segment.durationMs);
  }
  return { starts, total };
}

/** The segment under timeline position `ms` (the last one for positions past the end). */
export function segmentAt(starts: readonly number[], ms: number): number {
  let index = 0;
  starts.forEach((start, i) => {
    if (ms >= start) index = i;
  });
  return index;
}

export function usePlayer(segments: readonly SegmentDto[], apiDurationMs: number | null) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [segment, setSegment] = useState(0);
  const segmentRef = useRef(0);
  // Where to go in a segment that is still loading: ms inside it, and whether to play.
  const pending = useRef<{ ms: number; play: boolean } | null>(null);
  const [currentMs, setCurrentMs] = useState(0);
  const [videoSeconds, setVideoSeconds] = useState(Number.NaN);
  const [playing, setPlaying] = useState(false);
  const [rate, setRateState] = useState(1);
  const rateRef = useRef(1);

  const { starts, total } = useMemo(() => segmentOffsets(segments), [segments]);
  const several = segments.length > 1;
  // One file: trust the element's length (the API's may be rounded). Several: the sum of theirs.
  const durationMs = several ? total : effectiveDurationMs(videoSeconds, apiDurationMs);
  const startOf = useCallback((index: number) => starts[index] ?? 0, [starts]);
  const position = useCallback(() => startOf(segmentRef.current) + (videoRef.current?.currentTime ?? 0) * 1000, [startOf]);

  const switchTo = useCallback((index: number, at: { ms: number; play: boolean }) => {
    segmentRef.current = index;
    pending.current = at;
    setSegment(index);
  }, []);

  const clamp = useCallback(
    (ms: number) => {
      const upper = several ? total : effectiveDurationMs(videoRef.current?.duration ?? Number.NaN, apiDurationMs);
      const low = Math.max(0, ms);
      return upper > 0 ? Math.min(low, upper) : low;
    },
    [several, total, apiDurationMs],
  );

  /** Moves the playhead to timeline `ms` (clamped) and optionally starts playing; returns where it went. */
  const seek = useCallback(
    (ms: number, options: { play?: boolean } = {}) => {
      const target = clamp(ms);
      const video = videoRef.current;
      setCurrentMs(target);
      const index = several ? segmentAt(starts, target) : 0;
      if (index !== segmentRef.current) {
        switchTo(index, { ms: target - startOf(index), play: options.play ?? (video ? !video.paused : false) });
        return target;
      }
      if (!video) return target;
      video.currentTime = (target - startOf(index)) / 1000;
      // play() rejects when the source changes or the browser refuses; the controls stay usable.
      if (options.play) video.play()?.catch(() => {});
      return target;
    },
    [clamp, several, starts, startOf, switchTo],
  );

  const seekBy = useCallback((seconds: number) => seek(position() + seconds * 1000), [seek, position]);

  /** Plays when paused and pauses when playing; returns whether it now plays. */
  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return false;
    if (video.paused || video.ended) {
      // At the very end of the last segment, play from the start again.
      if (video.ended && several && segmentRef.current === segments.length - 1) {
        switchTo(0, { ms: 0, play: true });
        return true;
      }
      video.play()?.catch(() => {});
      return true;
    }
    video.pause();
    return false;
  }, [several, segments.length, switchTo]);

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
    const syncTime = (event: SyntheticEvent<HTMLVideoElement>) => {
      // While another segment loads, the old element time means nothing on the timeline.
      if (pending.current) return;
      setCurrentMs(startOf(segmentRef.current) + event.currentTarget.currentTime * 1000);
    };
    const syncDuration = (event: SyntheticEvent<HTMLVideoElement>) => setVideoSeconds(event.currentTarget.duration);
    return {
      onTimeUpdate: syncTime,
      onSeeking: syncTime,
      onSeeked: syncTime,
      onDurationChange: syncDuration,
      onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => {
        const video = event.currentTarget;
        syncDuration(event);
        // A new source starts at the default speed; keep the one chosen.
        video.defaultPlaybackRate = rateRef.current;
        video.playbackRate = rateRef.current;
        const at = pending.current;
        pending.current = null;
        if (at) {
          if (at.ms > 0) video.currentTime = at.ms / 1000;
          setCurrentMs(startOf(segmentRef.current) + at.ms);
          if (at.play) video.play()?.catch(() => {});
        }
      },
      onPlay: () => setPlaying(true),
      onPause: () => {
        // The pause a segment switch causes is not the user's.
        if (!pending.current) setPlaying(false);
      },
      onEnded: () => {
        const next = segmentRef.current + 1;
        if (next < segments.length) {
          switchTo(next, { ms: 0, play: true });
          return;
        }
        setPlaying(false);
      },
      onRateChange: (event: SyntheticEvent<HTMLVideoElement>) => {
        rateRef.current = event.currentTarget.playbackRate;
        setRateState(event.currentTarget.playbackRate);
      },
    };
  }, [segments.length, startOf, switchTo]);

  return {
    videoRef,
    /** The segment the element plays, and its URL. */
    segment,
    src: segments[segment]?.url ?? segments[0]?.url ?? '',
    currentMs,
    durationMs,
    playing,
    rate,
    /** The timeline position right now (reads the element, unlike `currentMs`). */
    position,
    seek,
    seekBy,
    toggle,
    pause,
    setRate,
    videoProps,
  };
}

export type Player = ReturnType<typeof usePlayer>;
