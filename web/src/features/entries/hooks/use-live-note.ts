/**
 * The note being written on the live view (ADR 0016): 'Añadir nota' holds the picture and opens a
 * draft at the playhead, 'Marcar el final del clip' ends it there (a clip), and closing it goes on
 * as the picture was going before: back to the live edge if it was playing there, on from where it
 * was if it was playing scrubbed back, and still if the researcher had paused it. Issue 45: nothing
 * resumed it, so after a note the picture stayed where the note was taken, ever further behind.
 * The quick note ('N', one line, Enter; issue 45) is taken at the playhead without holding the
 * picture: it is for a word while watching, and the picture stays live.
 */
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteDraft } from '@/features/entries/components/notes-panel';
import type { LiveFeed } from '@/features/entries/lib/live-feed';
import { formatClock } from '@/lib/time';

interface LiveNote {
  draft: NoteDraft | null;
  openNote: () => void;
  closeNote: () => void;
  endClip: () => void;
  /** The quick note's moment while its line is open. */
  quickAtMs: number | null;
  openQuick: () => void;
  closeQuick: () => void;
}

/**
 * `position` reads the playhead on the participation's timeline; `edgeS` is how far behind the
 * newest frame still counts as live.
 */
export function useLiveNote(
  videoRef: RefObject<HTMLVideoElement | null>,
  feed: LiveFeed | null,
  position: () => number,
  announce: (message: string) => void,
  edgeS: number,
): LiveNote {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<NoteDraft | null>(null);
  const resumeAfterNote = useRef<'live' | 'here' | null>(null);
  const [quickAtMs, setQuickAtMs] = useState<number | null>(null);

  const openNote = () => {
    const video = videoRef.current;
    // A second 'Añadir nota' over an open one keeps the first one's plan (the picture is held now).
    if (!draft)
      resumeAfterNote.current = !video || video.paused ? null : (feed?.atEdge(edgeS) ?? true) ? 'live' : 'here';
    // As in the recorded player: the picture holds still while the note is written.
    video?.pause();
    setDraft((last) => ({ atMs: position(), endMs: null, nonce: (last?.nonce ?? 0) + 1 }));
  };

  const closeNote = () => {
    setDraft(null);
    const resume = resumeAfterNote.current;
    resumeAfterNote.current = null;
    if (resume === 'live') feed?.goLive();
    else if (resume === 'here') void videoRef.current?.play().catch(() => undefined);
  };

  /** As Shift+N in the recorded player: the open note ends here, which makes it a clip. */
  const endClip = () => {
    videoRef.current?.pause();
    const endMs = position();
    setDraft((last) => (last ? { ...last, endMs, nonce: last.nonce + 1 } : last));
    announce(t('clips.announce.endSet', { time: formatClock(endMs) }));
  };

  const openQuick = () => setQuickAtMs(position());
  const closeQuick = () => setQuickAtMs(null);

  return { draft, openNote, closeNote, endClip, quickAtMs, openQuick, closeQuick };
}
