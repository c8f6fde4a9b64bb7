/**
 * Plays a reel (ADR 0012): its clips back to back, each after a title card (clip n of m, title,
 * participant and task) shown over the clip's own player while it loads, so the next clip starts
 * without a blank frame. No video is rendered on the server: each clip plays from its recording's
 * files. The card and each clip's start are announced in a polite live region.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack } from '@/components/ui/stack';
import { ClipPlayer } from '@/features/insights/components/clip-player';
import { clipSource, TitleCard } from '@/features/insights/components/title-card';
import type { PlaylistClipDto } from '@/lib/api-types/PlaylistClipDto';

/** How long each title card stays before its clip plays. */
export const CARD_MS = 2500;

interface ReelPlayerProps {
  title: string;
  clips: readonly PlaylistClipDto[];
  hideCamera?: boolean;
}

export function ReelPlayer({ title, clips, hideCamera }: ReelPlayerProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [phase, setPhase] = useState<'card' | 'clip' | 'done'>('card');
  const clip = clips[index];
  // Where the reel is now, for the end of a clip reported by its player: only the clip on screen,
  // while it plays, moves the reel on (a late report of another clip, or one during a card, does not).
  const now = useRef({ index, phase });
  now.current = { index, phase };

  useEffect(() => {
    if (phase !== 'card') return undefined;
    const timer = setTimeout(() => setPhase('clip'), CARD_MS);
    return () => clearTimeout(timer);
  }, [phase, index]);

  if (!clip) return <p className="text-note">{t('clips.reels.emptyPlayer')}</p>;

  const next = () => {
    if (index + 1 < clips.length) {
      setIndex(index + 1);
      setPhase('card');
    } else {
      setPhase('done');
    }
  };

  const restart = () => {
    setIndex(0);
    setPhase('card');
  };

  const announcement =
    phase === 'done'
      ? t('clips.reels.finished')
      : `${t('clips.reels.position', { position: index + 1, count: clips.length })}: ${clip.title ?? t('clips.untitled')}. ${clipSource(clip, t as never)}`;

  return (
    <Stack gap={2} className="reel-player" data-testid="reel-player">
      <ClipPlayer
        key={`${index}-${clip.clipId}`}
        clip={clip}
        label={t('clips.reels.playerLabel', { title })}
        start={phase === 'clip'}
        onEnded={() => {
          if (now.current.index === index && now.current.phase === 'clip') next();
        }}
        hideCamera={hideCamera}
        overlay={phase === 'card' ? <TitleCard clip={clip} position={index + 1} count={clips.length} /> : null}
        testId="reel-clip-player"
      />
      <div className="cluster reel-player__actions">
        {phase === 'card' ? (
          <button type="button" className="button button--ghost button--sm" onClick={() => setPhase('clip')}>
            {t('clips.reels.skipCard')}
          </button>
        ) : null}
        {phase !== 'done' && index + 1 < clips.length ? (
          <button type="button" className="button button--ghost button--sm" onClick={next}>
            {t('clips.reels.nextClip')}
          </button>
        ) : null}
        {phase === 'done' ? (
          <button type="button" className="button button--primary button--sm" onClick={restart}>
            {t('clips.reels.replay')}
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="reel-live">
        {announcement}
      </p>
    </Stack>
  );
}
