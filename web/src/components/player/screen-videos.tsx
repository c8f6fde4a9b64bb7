/**
 * The screen recording's two <video> slots, shared by the entry page's player and the clip player:
 * they take turns across the recording's segments (the player engine fills and swaps them), only
 * the active one is shown and exposed to assistive technology. With `captions`, the active slot
 * shows them as a native captions text track (ADR 0018): the cues of the segment it plays, on that
 * file's clock (lib/player/captions.ts), so they stay right across segments.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Player } from '@/components/player/use-player';
import { cuesForSegment, type Cue } from '@/lib/player/captions';
import '@/components/player/player.css';
import '@/components/player/player-narrow.css';

export interface CaptionsSource {
  /** On the recording's timeline. */
  cues: readonly Cue[];
  /** Where each of the player's segments starts on that timeline, and how long it is. */
  offsetsMs: readonly number[];
  durationsMs: readonly number[];
  language: string;
}

interface ScreenVideosProps {
  player: Player;
  /** `metadata` for the entry page (seeks anywhere), `auto` for a clip (plays its range soon). */
  preload: 'metadata' | 'auto';
  /** Test ids are `<prefix>-video` (the active slot) and `<prefix>-video-standby`. */
  testIdPrefix: string;
  /** Captions shown on the picture; none (or null) hides them. */
  captions?: CaptionsSource | null;
}

const tracks = new WeakMap<HTMLVideoElement, TextTrack>();

/** The one captions track of a video element (browsers cannot remove a track added by script). */
function trackOf(element: HTMLVideoElement, label: string, language: string): TextTrack | null {
  if (typeof element.addTextTrack !== 'function') return null;
  let track = tracks.get(element);
  if (!track) {
    track = element.addTextTrack('captions', label, language);
    tracks.set(element, track);
  }
  return track;
}

function showCues(track: TextTrack, cues: readonly Cue[] | null) {
  // A disabled track has no cue list to edit: hidden first, then shown or disabled.
  track.mode = 'hidden';
  for (const cue of [...(track.cues ?? [])]) track.removeCue(cue);
  if (cues && typeof VTTCue === 'function') {
    for (const cue of cues) track.addCue(new VTTCue(cue.startMs / 1000, cue.endMs / 1000, cue.text));
  }
  track.mode = cues ? 'showing' : 'disabled';
}

export function ScreenVideos({ player, preload, testIdPrefix, captions }: ScreenVideosProps) {
  const { t } = useTranslation();
  const elements = useRef<[HTMLVideoElement | null, HTMLVideoElement | null]>([null, null]);
  const { engine, screenSlot, segment } = player;
  const refs = useMemo(
    () =>
      ([0, 1] as const).map((slot) => (element: HTMLVideoElement | null) => {
        elements.current[slot] = element;
        engine.screenRefs[slot](element);
      }),
    [engine],
  );
  const label = t('transcript.captions');

  useEffect(() => {
    for (const slot of [0, 1] as const) {
      const element = elements.current[slot];
      if (!element || (!captions && !tracks.has(element))) continue;
      const track = trackOf(element, label, captions?.language ?? 'es');
      if (!track) continue;
      const active = slot === screenSlot && captions;
      showCues(
        track,
        active
          ? cuesForSegment(captions.cues, captions.offsetsMs[segment] ?? 0, captions.durationsMs[segment] ?? 0)
          : null,
      );
    }
  }, [captions, screenSlot, segment, label]);

  return (
    <>
      {([0, 1] as const).map((slot) => (
        <video
          key={slot}
          ref={refs[slot]}
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
