/**
 * The microphone check on the permissions step (ADR 0010), inside the 'Micrófono' card once it is
 * granted: a live level meter and 'Habla para comprobar que te oímos'; a polite '¡Te oímos bien!'
 * once a voice is heard; after SILENCE_HINT_MS of silence, a hint to pick another microphone from
 * the list below it.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { MicrophonePicker } from '@/features/participate/components/microphone-picker';
import { watchLevel } from '@/features/participate/lib/level-meter';
import {
  startVoiceCheck,
  updateVoiceCheck,
  voiceStatus,
  type VoiceCheck,
} from '@/features/participate/lib/voice-level';
import { microphoneStreamAtom } from '@/features/participate/stores/participation-state';

/** The bar falls back this much per reading, so a short sound stays visible (a VU meter's decay). */
const DECAY = 0.8;

interface Reading {
  level: number;
  check: VoiceCheck;
  now: number;
  /** Web Audio measures this stream; false where it cannot (the check then says nothing). */
  measuring: boolean;
}

/** Level readings of `stream`, with the voice check restarted for each new stream. */
function useVoiceReading(stream: MediaStream | null): Reading {
  // Measuring from the first render with a stream: the check appearing a render after the card's
  // 'Concedido' would move 'Siguiente' just as it can be clicked.
  const [reading, setReading] = useState<Reading>(() => ({
    level: 0,
    check: startVoiceCheck(performance.now()),
    now: performance.now(),
    measuring: stream !== null,
  }));
  useEffect(() => {
    if (!stream) return undefined;
    const started = performance.now();
    setReading({ level: 0, check: startVoiceCheck(started), now: started, measuring: true });
    const stop = watchLevel(stream, (level) => {
      const now = performance.now();
      setReading((previous) => ({
        level: Math.max(level, Math.round(previous.level * DECAY)),
        check: updateVoiceCheck(previous.check, level, now),
        now,
        measuring: true,
      }));
    });
    if (!stop) setReading((previous) => ({ ...previous, measuring: false }));
    return stop ?? undefined;
  }, [stream]);
  return reading;
}

/** The check's three messages, one shown at a time (see the stylesheet: they share one grid cell). */
function CheckMessage({ status }: { status: ReturnType<typeof voiceStatus> }) {
  const { t } = useTranslation();
  const message = status === 'heard' ? 'heard' : status === 'silent' ? 'silent' : 'speak';
  return (
    // All three are laid out and only the current one is visible, so the line is as tall as
    // the longest from the start and a message arriving never moves 'Siguiente' below it. A
    // hidden one is out of the accessibility tree, so the live region announces the one shown.
    <div className="mic-check__messages" role="status">
      <p className="mic-check__prompt" data-shown={message === 'speak'}>
        {t('participate.micCheck.speak')}
      </p>
      <p className="mic-check__heard" data-shown={message === 'heard'}>
        {t('participate.micCheck.heard')}
      </p>
      <p className="mic-check__silent" data-shown={message === 'silent'} data-testid="mic-silent">
        <TriangleAlert size={16} aria-hidden="true" focusable="false" />
        {t('participate.micCheck.silent')}
      </p>
    </div>
  );
}

/**
 * The body of the 'Micrófono' card once it is granted (issue 45: inside the card, above
 * 'Siguiente'): the level meter, what it hears, and the list of microphones to pick another.
 */
export function MicrophoneCheck() {
  const { t } = useTranslation();
  const stream = useAtomValue(microphoneStreamAtom);
  const { level, check, now, measuring } = useVoiceReading(stream);
  const status = voiceStatus(check, now);

  if (!stream || !measuring) return null;
  return (
    <div className="mic-check" role="group" aria-labelledby="mic-check-title" data-status={status}>
      <h3 id="mic-check-title" className="mic-check__title">
        {t('participate.micCheck.title')}
      </h3>
      <div
        className="mic-check__meter"
        role="meter"
        aria-label={t('participate.micCheck.level')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        data-testid="mic-level"
      >
        <div className="mic-check__fill" style={{ width: `${level}%` }} />
      </div>
      <CheckMessage status={status} />
      <MicrophonePicker stream={stream} />
    </div>
  );
}
