/**
 * The camera's transitions (ADR 0008), called by the participation flow at its own
 * transitions: the setting arrives with the validation (or the resume info), the permission is
 * asked from the 'Cámara' card, recording starts right after the screen's (aligned to it), and
 * stops before the screen's Finish, since the screen's completion closes the camera file.
 *
 * If the camera stops during the analysis, a required camera follows product §2.5's stop-sharing
 * rule (the caller's `onRequiredEnded`); an optional one is recorded up to there and the
 * analysis goes on (its recorder ends the file by itself).
 */
import { atom, type Getter, type Setter } from 'jotai';
import { cameraFailure, requestCamera } from '@/features/participate/lib/camera';
import { stopStream, watchEnded } from '@/features/participate/lib/media';
import { createRecorderSession } from '@/features/participate/lib/recorder-session';
import { cameraInternal, NO_CAMERA } from '@/features/participate/stores/camera-state';
import { flowOf } from '@/features/participate/stores/participation-state';
import type { Camera } from '@/lib/api-types/Camera';

const CAMERA_ENDED = { key: 'participate.camera.errors.ended' } as const;

/** The analysis's setting, from validate-participation or the resume info (missing = off). */
export function setCameraMode(set: Setter, mode: Camera | undefined): void {
  set(cameraInternal.mode, mode === 'optional' || mode === 'required' ? mode : 'off');
}

/** Whether the camera lets 'Siguiente' (and the consent) go on. */
export const cameraSatisfied = (get: Getter) =>
  get(cameraInternal.mode) !== 'required' || get(cameraInternal.status) === 'granted';

/** Stops the camera and forgets it (the recorder's chunks on the device stay for the screen's end). */
export function resetCamera(get: Getter, set: Setter, { keepMode = false } = {}): void {
  const { stream, recorder, unwatch } = get(cameraInternal.resources);
  unwatch?.();
  stopStream(stream);
  recorder?.dispose();
  set(cameraInternal.resources, NO_CAMERA);
  set(cameraInternal.status, 'idle');
  set(cameraInternal.notice, null);
  if (!keepMode) set(cameraInternal.mode, 'off');
}

/** The camera track ended: before recording, ask again; while recording, per the setting. */
function cameraEnded(get: Getter, set: Setter, stream: MediaStream, onRequiredEnded?: () => void): void {
  const resources = get(cameraInternal.resources);
  if (resources.stream !== stream) return;
  if (!resources.recorder) {
    resources.unwatch?.();
    stopStream(stream);
    set(cameraInternal.resources, NO_CAMERA);
    set(cameraInternal.status, 'idle');
    set(cameraInternal.notice, CAMERA_ENDED);
    return;
  }
  if (get(cameraInternal.mode) === 'required') {
    onRequiredEnded?.();
    return;
  }
  // Optional: the file ends here (the recorder would also end it when MediaRecorder stops).
  void resources.recorder.finish().catch(() => undefined);
}

/** The 'Cámara' card's button: asks for the camera and keeps its stream for the preview. */
export const requestCameraAtom = atom(null, async (get, set) => {
  if (
    get(cameraInternal.mode) === 'off' ||
    get(cameraInternal.status) === 'requesting' ||
    get(cameraInternal.status) === 'granted'
  )
    return;
  const generation = flowOf(get).generation;
  set(cameraInternal.status, 'requesting');
  set(cameraInternal.notice, null);
  try {
    const stream = await requestCamera();
    if (flowOf(get).generation !== generation) {
      stopStream(stream);
      return;
    }
    const unwatch = watchEnded(stream, () => cameraEnded(get, set, stream));
    set(cameraInternal.resources, { ...NO_CAMERA, stream, unwatch });
    set(cameraInternal.status, 'granted');
  } catch (error) {
    if (flowOf(get).generation !== generation) return;
    set(cameraInternal.status, 'denied');
    set(cameraInternal.notice, cameraFailure(error));
  }
});

/**
 * Starts the camera's recorder for `entryId` right after the screen's (`alignTo` is the screen
 * recorder's start, so the player knows the offset). Without a granted camera nothing happens.
 * A required camera that cannot record ends the analysis like a stopped share.
 */
export async function startCameraRecording(
  get: Getter,
  set: Setter,
  entryId: string,
  alignTo: number | undefined,
  onRequiredEnded: () => void,
  tier = 0,
): Promise<void> {
  const resources = get(cameraInternal.resources);
  if (!resources.stream || resources.recorder || get(cameraInternal.mode) === 'off') return;
  const stream = resources.stream;
  // The ended listener now knows what the required rule does.
  resources.unwatch?.();
  const unwatch = watchEnded(stream, () => cameraEnded(get, set, stream, onRequiredEnded));
  let recorder;
  try {
    recorder = await createRecorderSession(entryId, 'camera');
    set(cameraInternal.resources, { stream, recorder, unwatch });
    // The camera records at the screen's tier and follows its changes (`followScreenTier`).
    await recorder.start(stream, alignTo === undefined ? { tier } : { alignTo, tier });
  } catch {
    if (get(cameraInternal.resources).stream !== stream) return;
    if (get(cameraInternal.mode) === 'required') onRequiredEnded();
  }
}

/**
 * The screen's recorder moved to another quality tier (a new segment, ADR 0023): the camera
 * opens the new segment's camera file at the same tier, aligned to the screen's new start.
 */
export function followScreenTier(get: Getter, tier: number, alignTo: number | undefined): void {
  const { recorder } = get(cameraInternal.resources);
  if (recorder && recorder.state().phase === 'recording') recorder.setTier(tier, alignTo);
}

/** Before the screen's Finish: the camera's last chunks reach the server (a failure only loses the camera). */
export async function finishCamera(get: Getter): Promise<void> {
  const { recorder } = get(cameraInternal.resources);
  if (!recorder || recorder.state().phase === 'idle') return;
  await recorder.finish().catch(() => undefined);
}

/** Leaving or a stopped share: the camera stops too (the screen's recorder deletes the entry). */
export async function abortCamera(get: Getter, set: Setter): Promise<void> {
  const { recorder } = get(cameraInternal.resources);
  if (recorder) await recorder.abort().catch(() => undefined);
  resetCamera(get, set, { keepMode: true });
}
