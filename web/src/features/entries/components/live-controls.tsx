/**
 * The live view's control bar (issue 45), made of the recorded player's parts instead of the
 * browser's controls: the scrubber from the recording's start to the newest frame (notes as pins),
 * play/pause, the sound ('Activar sonido' until the researcher allows it, then the mute toggle),
 * the position and how far behind live it is, 'Ir al directo', 'Añadir nota' and the clip's end.
 */
import { useTranslation } from 'react-i18next';
import { MessageSquarePlus, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { ControlButton } from '@/components/player/control-button';
import { Scrubber } from '@/features/entries/components/scrubber';
import type { LivePlayback } from '@/features/entries/hooks/use-live-playback';
import { formatClock } from '@/lib/time';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import '@/components/player/player.css';
import '@/components/player/player-narrow.css';

interface LiveControlsProps {
  playback: LivePlayback;
  notes: readonly NoteDto[];
  /** A note is being written: its end can be marked. */
  drafting: boolean;
  onToggle: () => void;
  onGoLive: () => void;
  onAddNote: () => void;
  onClipEnd: () => void;
}

export function LiveControls({
  playback,
  notes,
  drafting,
  onToggle,
  onGoLive,
  onAddNote,
  onClipEnd,
}: LiveControlsProps) {
  const { t } = useTranslation();
  const { positionMs, edgeMs, atEdge, playing, muted, soundAllowed } = playback;
  const behindMs = Math.max(0, edgeMs - positionMs);
  return (
    <div className="player__bar live-controls" data-testid="live-controls">
      <Scrubber
        currentMs={positionMs}
        durationMs={edgeMs}
        chapters={[]}
        notes={notes}
        currentChapter={null}
        onSeek={playback.seekTo}
      />
      <div className="player__controls cluster-between">
        <div className="player__group">
          <ControlButton
            label={playing ? t('entry.player.pause') : t('entry.player.play')}
            shortcut={{ label: t('entry.shortcuts.spaceKey'), aria: 'Space' }}
            icon={playing ? <Pause aria-hidden="true" size={20} /> : <Play aria-hidden="true" size={20} />}
            onClick={onToggle}
            testId="live-toggle"
          />
          {soundAllowed ? (
            <ControlButton
              label={t('entry.player.mute')}
              shortcut={{ label: 'M', aria: 'm' }}
              icon={muted ? <VolumeX aria-hidden="true" size={20} /> : <Volume2 aria-hidden="true" size={20} />}
              onClick={() => playback.setMuted(!muted)}
              pressed={muted}
              testId="live-mute"
            />
          ) : (
            <button
              type="button"
              className="button button--sm live-controls__sound"
              onClick={() => playback.setMuted(false)}
              data-testid="live-sound-on"
            >
              <Volume2 aria-hidden="true" size={18} />
              {t('live.soundOn')}
            </button>
          )}
          <p className="player__time" data-testid="live-position">
            <span>{t('live.position', { time: formatClock(positionMs) })}</span>
            <span className="player__chapter" data-testid="live-behind">
              {atEdge ? t('live.atEdge') : t('live.behind', { time: formatClock(behindMs) })}
            </span>
          </p>
        </div>
        <div className="player__group player__group--end">
          <button type="button" className="button button--ghost button--sm" disabled={atEdge} onClick={onGoLive}>
            {t('live.goLive')}
          </button>
          <button type="button" className="button button--primary button--sm" onClick={onAddNote}>
            <MessageSquarePlus aria-hidden="true" size={18} />
            {t('entry.notes.add')}
          </button>
          <button type="button" className="button button--ghost button--sm" disabled={!drafting} onClick={onClipEnd}>
            {t('live.clipEnd')}
          </button>
        </div>
      </div>
    </div>
  );
}
