/**
 * Switching to another microphone from the microphone check (ADR 0010): the chosen device is
 * acquired first, then it replaces the granted stream, so a failed switch keeps the one that works.
 */
import { atom } from 'jotai';
import { MEDIA_PROMPT_TIMEOUT_MS, requestMicrophone, stopStream, watchEnded } from '@/features/participate/lib/media';
import { flowOf, internal } from '@/features/participate/stores/participation-state';
import { streamEnded } from '@/features/participate/stores/recording-actions';

/** Resolves true when `deviceId` is now the microphone; false (nothing changed) when it failed. */
export const switchMicrophoneAtom = atom(null, async (get, set, deviceId: string): Promise<boolean> => {
  const { stage, microphone, generation } = flowOf(get);
  if (stage !== 'permissions' || microphone !== 'granted') return false;
  let stream: MediaStream;
  try {
    stream = await requestMicrophone(MEDIA_PROMPT_TIMEOUT_MS, deviceId);
  } catch {
    return false;
  }
  if (flowOf(get).generation !== generation || flowOf(get).stage !== 'permissions') {
    stopStream(stream);
    return false;
  }
  const resources = get(internal.resources);
  // track.stop() fires no 'ended', so the old stream's watcher stays silent; it is dropped on reset.
  stopStream(resources.microphone);
  const unwatch = watchEnded(stream, () => void streamEnded(get, set, 'microphone', generation));
  set(internal.resources, { ...resources, microphone: stream, unwatch: [...resources.unwatch, unwatch] });
  return true;
});
