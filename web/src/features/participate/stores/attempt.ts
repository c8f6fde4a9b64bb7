/**
 * One attempt's browser objects and its end: releasing the captured streams, deleting an unfinished
 * participation (through the recorder, else the plain API call), and starting over at the input step.
 * Shared by the action modules; no transition of its own but 'reset'.
 */
import type { Getter, Setter } from 'jotai';
import { abandonEntry } from '@/features/participate/api/abandon-entry';
import type { Notice } from '@/features/participate/lib/errors';
import { discardDeviceChunks } from '@/features/participate/lib/device-chunks';
import { stopStream } from '@/features/participate/lib/media';
import { cancelThumbnail } from '@/features/participate/lib/thumbnail';
import { resetCamera } from '@/features/participate/stores/camera-actions';
import { dispatch, internal, NO_RESOURCES, type Resources } from '@/features/participate/stores/participation-state';
import { resetStudy } from '@/features/participate/stores/study-flow';

/** Removes the 'ended' listeners and stops every captured track (track.stop() fires no 'ended'). */
export function releaseMedia(resources: Resources): void {
  for (const unwatch of resources.unwatch) unwatch();
  resources.stopMicrophoneWatch?.();
  stopStream(resources.screen);
  stopStream(resources.microphone);
}

/**
 * Deletes an unfinished participation server-side: through the recorder when there is one (its
 * abort() stops the uploads and sends DELETE /analysisEntry/{id}), else with that call directly;
 * then frees the recorder.
 */
export async function discard(entryId: string | null, resources: Resources): Promise<void> {
  const { recorder } = resources;
  if (entryId) {
    let deleted = false;
    if (recorder) {
      try {
        // A finished recorder's abort() is a no-op (e.g. Finish uploaded but the PATCH failed).
        const finished = recorder.state().phase === 'done';
        await recorder.abort();
        deleted = !finished;
      } catch {
        // Falls back to the plain API call below.
      }
    }
    // Failing that too, the server's expiry deletes it later.
    if (!deleted) {
      await abandonEntry(entryId).catch(() => undefined);
      await discardDeviceChunks(entryId);
    }
  }
  recorder?.dispose();
}

/** Takes the resources out of the store (so nothing else releases them) and returns them. */
export function takeResources(get: Getter, set: Setter): Resources {
  const resources = get(internal.resources);
  set(internal.resources, NO_RESOURCES);
  return resources;
}

/**
 * Back to the input step with nothing captured, as a new attempt; the analysis id stays for the
 * field unless another is given, with `inputNotice` under it.
 */
export function resetAttempt(
  get: Getter,
  set: Setter,
  input: { analysisId?: string; inputNotice?: Notice } = {},
): void {
  // The new generation first: whatever the release below sets off belongs to the old attempt.
  dispatch(set, { type: 'reset', ...input });
  const resources = takeResources(get, set);
  releaseMedia(resources);
  resources.recorder?.dispose();
  resetCamera(get, set);
  cancelThumbnail();
  resetStudy(set);
}
