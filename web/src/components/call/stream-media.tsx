/**
 * A call's remote stream on the page (ADR 0024): a `<video>` for a picture (muted: a stream's
 * sound plays through its own `<audio>`), an `<audio>` for a voice. Shared by the moderator's
 * room and the participant's page, so it carries no strings: a browser that refuses to play sound
 * before a gesture is reported through `onBlocked`, and the page offers its own button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RemoteMedia } from '@/lib/call/call-client';
import '@/components/call/call.css';

/** Plays every call `<audio>` on the page again (from a click, which grants the gesture). */
export function playCallAudio(): void {
  for (const element of document.querySelectorAll<HTMLAudioElement>('audio[data-call-audio]')) {
    void element.play().catch(() => undefined);
  }
}

export function StreamVideo({ stream, label, testId }: { stream: MediaStream; label: string; testId?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} className="call-video" aria-label={label} data-testid={testId} autoPlay playsInline muted />;
}

export function StreamAudio({ stream, onBlocked }: { stream: MediaStream; onBlocked?: () => void }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    element.play().catch(() => onBlocked?.());
  }, [stream, onBlocked]);
  return <audio ref={ref} data-call-audio="" autoPlay />;
}

/** The streams among `remote` that carry sound, each once. */
export const voices = (remote: readonly RemoteMedia[]) => remote.filter((m) => m.stream.getAudioTracks().length > 0);

/** The first stream of `owner`'s `kind`, if received. */
export const streamOf = (remote: readonly RemoteMedia[], owner: 'participant' | 'moderator', kind: string) =>
  remote.find((m) => m.label?.owner === owner && m.label.kind === kind && m.stream.getVideoTracks().length > 0)
    ?.stream ?? null;

/**
 * Every voice of the call, each in its own audio element, and `enableLabel`'s button when the
 * browser wants a click before it plays sound.
 */
export function CallVoices({ remote, enableLabel }: { remote: readonly RemoteMedia[]; enableLabel: string }) {
  const [blocked, setBlocked] = useState(false);
  const onBlocked = useCallback(() => setBlocked(true), []);
  return (
    <>
      {voices(remote).map((media) => (
        <StreamAudio key={media.stream.id} stream={media.stream} onBlocked={onBlocked} />
      ))}
      {blocked ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            playCallAudio();
            setBlocked(false);
          }}
        >
          {enableLabel}
        </button>
      ) : null}
    </>
  );
}
