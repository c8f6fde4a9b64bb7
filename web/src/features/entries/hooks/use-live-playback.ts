/**
 * The live picture as our own controls see it (issue 45: the browser's native controls are gone):
 * the playhead and the live edge on the participation's timeline, whether it is at the edge,
 * playing or paused, and the sound. The page starts muted, since a browser plays a picture with
 * sound only after the user acted on the page; 'Activar sonido' turns it on, and from then on the
 * researcher's choice holds across reconnects and the participant's reloads (a new segment is a
 * new MediaSource on the same <video>, which is given the choice again on every tick).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LiveFeed } from '@/features/entries/lib/live-feed';

export interface LivePlayback {
  /** The playhead on the participation's timeline. */
  positionMs: number;
  /** The newest frame seen of the segment being played, on the same timeline. */
  edgeMs: number;
  atEdge: boolean;
  playing: boolean;
  muted: boolean;
  /** Whether the researcher has allowed sound yet ('Activar sonido'). */
  soundAllowed: boolean;
  /** Reads the playhead now (not the last rendered one). */
  position: () => number;
  /** Reads the video again: after `timeupdate`, and every second while paused. */
  refresh: () => void;
  toggle: () => boolean;
  setMuted: (muted: boolean) => void;
  seekTo: (ms: number) => void;
}

export function useLivePlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  feed: LiveFeed | null,
  edgeS: number,
): LivePlayback {
  const [positionMs, setPositionMs] = useState(0);
  const [edgeMs, setEdgeMs] = useState(0);
  const [atEdge, setAtEdge] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [muted, setMutedState] = useState(true);
  const [soundAllowed, setSoundAllowed] = useState(false);
  const mutedRef = useRef(true);
  // The newest frame seen per segment: a restart scrubbed back buffers from there again, and the
  // slider's end must not jump back with it.
  const edge = useRef({ seq: -1, ms: 0 });

  const position = () => (feed?.current()?.offsetMs ?? 0) + Math.floor((videoRef.current?.currentTime ?? 0) * 1000);

  const refresh = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.muted !== mutedRef.current) video.muted = mutedRef.current;
    const segment = feed?.current();
    const offset = segment?.offsetMs ?? 0;
    const { buffered } = video;
    const newest = offset + Math.floor((buffered.length ? buffered.end(buffered.length - 1) : 0) * 1000);
    const seq = segment?.seq ?? -1;
    const now = position();
    edge.current =
      edge.current.seq === seq
        ? { seq, ms: Math.max(edge.current.ms, newest, now) }
        : { seq, ms: Math.max(newest, now) };
    setPositionMs(now);
    setEdgeMs(edge.current.ms);
    setAtEdge(feed?.atEdge(edgeS) ?? true);
    setPlaying(!video.paused);
  };

  // A paused picture (a note being written) fires no `timeupdate`, while the participant goes on
  // and the live edge moves away: without this, 'Ir al directo' stayed disabled however far behind.
  useEffect(() => {
    const timer = window.setInterval(refresh, 1_000);
    return () => window.clearInterval(timer);
    // `refresh` reads the feed and the video through refs and the feed, which is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed]);

  const setMuted = (next: boolean) => {
    mutedRef.current = next;
    setMutedState(next);
    if (!next) setSoundAllowed(true);
    if (videoRef.current) videoRef.current.muted = next;
  };

  /** Plays or pauses; true when it plays now. */
  const toggle = () => {
    const video = videoRef.current;
    if (!video) return false;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
    setPlaying(!video.paused);
    return !video.paused;
  };

  /** Scrubs to `ms` on the participation's timeline, within the segment being played. */
  const seekTo = (ms: number) => {
    const offset = feed?.current()?.offsetMs ?? 0;
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = Math.max(0, Math.min(ms, edge.current.ms) - offset) / 1000;
    refresh();
  };

  return { positionMs, edgeMs, atEdge, playing, muted, soundAllowed, position, refresh, toggle, setMuted, seekTo };
}
