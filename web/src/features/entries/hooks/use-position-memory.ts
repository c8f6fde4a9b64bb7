/**
 * Resumes a recording where it was left off and keeps that place up to date (lib/position-memory.ts):
 * once the length is known, a remembered position is sought (and reported, so the page can offer
 * 'Ver desde el principio'); while watching, the position is saved every few seconds and on
 * pause, and once more when the page goes away. A moment asked for by the link (`?t=`, ADR 0017)
 * wins over the remembered one: it is sought once the length is known, clamped to it, without the
 * resume notice.
 */
import { useEffect, useRef, useState } from 'react';
import type { Player } from '@/components/player/use-player';
import { recallPosition, rememberPosition } from '@/features/entries/lib/position-memory';
import { clampStart } from '@/features/entries/lib/start-at';

/** How much playing moves the playhead before the position is written again. */
const SAVE_EVERY_MS = 2_000;
/** The resume notice goes once the playhead is this far from where it resumed. */
const NOTICE_RANGE_MS = 10_000;

export function usePositionMemory(
  entryId: string,
  player: Pick<Player, 'engine' | 'currentMs' | 'durationMs' | 'playing'>,
  startAtMs: number | null = null,
) {
  const { engine, currentMs, durationMs, playing } = player;
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const restored = useRef(false);
  const lastSaved = useRef(0);
  // The snapshot's position (a seek sets it at once, before the element has loaded).
  const latest = useRef({ currentMs, durationMs });
  latest.current = { currentMs, durationMs };

  useEffect(() => {
    if (restored.current || durationMs <= 0) return;
    restored.current = true;
    if (startAtMs !== null) {
      const target = clampStart(startAtMs, durationMs);
      lastSaved.current = target;
      engine.seek(target);
      return;
    }
    const saved = recallPosition(entryId, durationMs);
    if (saved === null) return;
    lastSaved.current = saved;
    engine.seek(saved);
    setResumedAt(saved);
  }, [entryId, durationMs, engine, startAtMs]);

  useEffect(() => {
    if (!restored.current || currentMs === lastSaved.current) return;
    if (playing && Math.abs(currentMs - lastSaved.current) < SAVE_EVERY_MS) return;
    lastSaved.current = currentMs;
    rememberPosition(entryId, currentMs, durationMs);
  }, [entryId, currentMs, durationMs, playing]);

  useEffect(() => {
    if (resumedAt !== null && Math.abs(currentMs - resumedAt) > NOTICE_RANGE_MS) setResumedAt(null);
  }, [currentMs, resumedAt]);

  useEffect(() => {
    const save = () => {
      if (restored.current) rememberPosition(entryId, latest.current.currentMs, latest.current.durationMs);
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [entryId]);

  return { at: resumedAt, dismiss: () => setResumedAt(null) };
}
