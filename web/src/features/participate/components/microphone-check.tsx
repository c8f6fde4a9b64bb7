/**
 * The microphone check on the permissions step (ADR 0010): once the microphone is granted, a live
 * level meter and 'Habla para comprobar que te oímos'; a polite '¡Te oímos bien!' once a voice is
 * heard; after SILENCE_HINT_MS of silence, a hint and the list of microphones to pick another one.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
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

export function MicrophoneCheck() {
  const { t } = useTranslation();
  const stream = useAtomValue(microphoneStreamAtom);
  const { level, check, now, measuring } = useVoiceReading(stream);
  const status = voiceStatus(check, now);
  // Once offered, the list stays: the participant may be trying one microphone after another.
  const [offerPicker, setOfferPicker] = useState(false);
  useEffect(() => {
    if (status === 'silent') setOfferPicker(true);
  }, [status]);

  if (!stream || !measuring) return null;
  return (
    <section className="mic-check" aria-labelledby="mic-check-title" data-status={status}>
      <h2 id="mic-check-title" className="mic-check__title">
        {t('participate.micCheck.title')}
      </h2>
      <p className="mic-check__prompt">{t('participate.micCheck.speak')}</p>
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
      <p className="mic-check__heard" role="status">
        {status === 'heard' ? t('participate.micCheck.heard') : ''}
      </p>
      {status === 'silent' ? (
        <Alert tone="warning" testId="mic-silent">
          <p>{t('participate.micCheck.silent')}</p>
        </Alert>
      ) : null}
      {offerPicker ? <MicrophonePicker stream={stream} /> : null}
    </section>
  );
}
