/**
 * The screen recording's two <video> slots, shared by the entry page's player and the clip player:
 * they take turns across the recording's segments (the player engine fills and swaps them), only
 * the active one is shown and exposed to assistive technology.
 */
import { useTranslation } from 'react-i18next';
import type { Player } from '@/components/player/use-player';
import '@/components/player/player.css';

interface ScreenVideosProps {
  player: Player;
  /** `metadata` for the entry page (seeks anywhere), `auto` for a clip (plays its range soon). */
  preload: 'metadata' | 'auto';
  /** Test ids are `<prefix>-video` (the active slot) and `<prefix>-video-standby`. */
  testIdPrefix: string;
}

export function ScreenVideos({ player, preload, testIdPrefix }: ScreenVideosProps) {
  const { t } = useTranslation();
  return (
    <>
      {([0, 1] as const).map((slot) => (
        <video
          key={slot}
          ref={player.engine.screenRefs[slot]}
          className="player__video"
          data-active={slot === player.screenSlot || undefined}
          data-testid={slot === player.screenSlot ? `${testIdPrefix}-video` : `${testIdPrefix}-video-standby`}
          preload={preload}
          playsInline
          aria-label={t('entry.videoLabel')}
          aria-hidden={slot === player.screenSlot ? undefined : true}
        />
      ))}
    </>
  );
}
