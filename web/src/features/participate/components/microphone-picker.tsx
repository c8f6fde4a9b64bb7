/**
 * The list of microphones (`enumerateDevices`, kept up to date on 'devicechange') under the
 * microphone check; choosing one acquires it and replaces the granted stream.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchMicrophoneAtom } from '@/features/participate/stores/microphone-actions';

interface Microphone {
  deviceId: string;
  label: string;
}

function useMicrophones(): Microphone[] {
  const [microphones, setMicrophones] = useState<Microphone[]>([]);
  useEffect(() => {
    const devices = navigator.mediaDevices;
    if (typeof devices?.enumerateDevices !== 'function') return undefined;
    let active = true;
    const read = () =>
      void devices
        .enumerateDevices()
        .then((all) => {
          if (!active) return;
          // 'default' and 'communications' (Chrome) repeat a real device under another id.
          const inputs = all.filter(
            (d) => d.kind === 'audioinput' && d.deviceId && !['default', 'communications'].includes(d.deviceId),
          );
          setMicrophones(inputs.map((d) => ({ deviceId: d.deviceId, label: d.label })));
        })
        .catch(() => undefined);
    read();
    devices.addEventListener?.('devicechange', read);
    return () => {
      active = false;
      devices.removeEventListener?.('devicechange', read);
    };
  }, []);
  return microphones;
}

export function MicrophonePicker({ stream }: { stream: MediaStream }) {
  const { t } = useTranslation();
  const id = useId();
  const microphones = useMicrophones();
  const switchMicrophone = useSetAtom(switchMicrophoneAtom);
  const [state, setState] = useState<'idle' | 'switching' | 'failed'>('idle');
  const current = stream.getAudioTracks()[0]?.getSettings().deviceId ?? '';

  // Laid out before the list arrives (empty and disabled), so it never moves 'Siguiente' below it.
  const listed = microphones.length > 0;
  const choose = async (deviceId: string) => {
    setState('switching');
    setState((await switchMicrophone(deviceId)) ? 'idle' : 'failed');
  };
  return (
    <div className="mic-picker field">
      <label htmlFor={id} className="field__label">
        {t('participate.micCheck.deviceLabel')}
      </label>
      <select
        id={id}
        className="field__input"
        value={microphones.some((m) => m.deviceId === current) ? current : ''}
        aria-busy={state === 'switching' || undefined}
        disabled={!listed}
        onChange={(event) => void choose(event.target.value)}
      >
        {microphones.some((m) => m.deviceId === current) ? null : (
          <option value="">{t('participate.micCheck.choose')}</option>
        )}
        {microphones.map((microphone, index) => (
          <option key={microphone.deviceId} value={microphone.deviceId}>
            {microphone.label || t('participate.micCheck.unnamed', { number: index + 1 })}
          </option>
        ))}
      </select>
      <p className="mic-picker__state" role="status">
        {state === 'switching'
          ? t('participate.micCheck.switching')
          : state === 'failed'
            ? t('participate.micCheck.switchFailed')
            : ''}
      </p>
    </div>
  );
}
