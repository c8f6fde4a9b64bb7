/**
 * The microphone's own small audio track for transcription (ADR 0018). Only when the participate
 * answer says `transcribe` (the analysis transcribes and the server has a provider): then, next
 * to the screen's recorder, a recorder with the `'audio'` track records the microphone alone
 * (`audio/webm;codecs=opus`, 24 kbit/s) into the same segment numbers, aligned to the screen's
 * start. A transcript is never worth a participation: any failure here is swallowed, and without
 * `transcribe` nothing is recorded or sent.
 */
import { atom, type Getter, type Setter } from 'jotai';
import { createRecorderSession, type RecorderSession } from '@/features/participate/lib/recorder-session';

const enabled = atom(false);
const current = atom<RecorderSession | null>(null);

/** The participate (or resume) answer's `transcribe`. */
export function setTranscription(set: Setter, transcribe: boolean | undefined): void {
  set(enabled, transcribe === true);
}

/** Starts recording the microphone for transcription, right after the screen's recorder. */
export async function startTranscriptionAudio(
  get: Getter,
  set: Setter,
  entryId: string,
  microphone: MediaStream | null | undefined,
  alignTo: number | undefined,
): Promise<void> {
  if (!get(enabled) || !microphone || get(current)) return;
  const tracks = microphone.getAudioTracks();
  if (
    tracks.length === 0 ||
    typeof MediaRecorder === 'undefined' ||
    !MediaRecorder.isTypeSupported('audio/webm;codecs=opus')
  )
    return;
  try {
    const recorder = await createRecorderSession(entryId, 'audio');
    set(current, recorder);
    await recorder.start(new MediaStream(tracks), alignTo === undefined ? undefined : { alignTo });
  } catch {
    set(current, null);
  }
}

/** Before the screen's Finish: the last audio chunks reach the server. */
export async function finishTranscriptionAudio(get: Getter): Promise<void> {
  const recorder = get(current);
  if (!recorder || recorder.state().phase === 'idle') return;
  await recorder.finish().catch(() => undefined);
}

/** Leaving, a stopped share, or the end: the audio recorder stops and is forgotten. */
export async function stopTranscriptionAudio(get: Getter, set: Setter, { abort = false } = {}): Promise<void> {
  const recorder = get(current);
  set(current, null);
  if (!recorder) return;
  if (abort) await recorder.abort().catch(() => undefined);
  recorder.dispose();
}
