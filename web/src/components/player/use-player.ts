/**
 * A recording's player engine (lib/player/player-engine.ts) as React state: one engine per player, fed
 * the latest segments (a refreshed URL reloads in place), its snapshot re-rendered on change, and
 * its commands for the controls, chapters, notes and shortcuts.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PlayerEngine, type EngineSegment, type PlaybackErrorHandler } from '@/lib/player/player-engine';

export function usePlayer(
  segments: readonly EngineSegment[],
  apiDurationMs: number | null,
  onError: PlaybackErrorHandler,
) {
  const [engine] = useState(() => new PlayerEngine(segments, apiDurationMs));
  const first = useRef(true);
  engine.onError = onError;

  useEffect(() => {
    // The engine was built with these; later answers replace them.
    if (first.current) {
      first.current = false;
      return;
    }
    engine.setSegments(segments, apiDurationMs);
  }, [engine, segments, apiDurationMs]);

  useEffect(() => () => engine.destroy(), [engine]);

  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  return { engine, ...snapshot };
}

export type Player = ReturnType<typeof usePlayer>;
