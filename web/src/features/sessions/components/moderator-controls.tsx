/**
 * The moderator's own media (ADR 0024): the microphone, taken on arrival and on unless silenced,
 * and the camera, off until turned on. Given to the call as 'voice' and 'camera'; stopped here, as
 * they are this page's own. Observers never get these controls, and never send anything.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallClient } from '@/lib/call/call-client';

const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

export function ModeratorControls({ client }: { client: CallClient }) {
  const { t } = useTranslation();
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const mic = useRef<MediaStream | null>(null);
  const camera = useRef<MediaStream | null>(null);

  useEffect(() => {
    let gone = false;
    navigator.mediaDevices
      .getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } })
      .then((stream) => {
        if (gone) return stop(stream);
        mic.current = stream;
        client.setLocalStream('voice', stream);
      })
      .catch(() => {
        if (!gone) setProblem(t('moderated.controls.micDenied'));
      });
    return () => {
      gone = true;
      client.setLocalStream('voice', null);
      client.setLocalStream('camera', null);
      stop(mic.current);
      stop(camera.current);
      mic.current = null;
      camera.current = null;
    };
  }, [client, t]);

  const toggleMic = () => {
    const next = !micOn;
    mic.current?.getAudioTracks().forEach((track) => (track.enabled = next));
    setMicOn(next);
  };

  const toggleCamera = async () => {
    if (cameraOn) {
      client.setLocalStream('camera', null);
      stop(camera.current);
      camera.current = null;
      setCameraOn(false);
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360 } });
      camera.current = stream;
      client.setLocalStream('camera', stream);
      setCameraOn(true);
      setProblem(null);
    } catch {
      setProblem(t('moderated.controls.cameraDenied'));
    }
  };

  return (
    <div className="cluster room-controls">
      <button type="button" className="button button--secondary" aria-pressed={!micOn} onClick={toggleMic}>
        {micOn ? t('moderated.controls.muteMic') : t('moderated.controls.unmuteMic')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-pressed={cameraOn}
        onClick={() => void toggleCamera()}
      >
        {cameraOn ? t('moderated.controls.cameraOff') : t('moderated.controls.cameraOn')}
      </button>
      {problem ? (
        <p className="room-controls__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
