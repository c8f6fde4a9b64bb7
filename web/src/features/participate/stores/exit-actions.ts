/**
 * Leaving the participation flow (product §2 points 4–5): 'Salir del análisis' and its
 * confirmation (the recording is deleted), the thank-you after 'Success!', and the page going away.
 */
import { atom } from 'jotai';
import { cancelThumbnail } from '@/features/participate/lib/thumbnail';
import { discard, releaseMedia, resetAttempt, takeResources } from '@/features/participate/stores/attempt';
import { abortCamera } from '@/features/participate/stores/camera-actions';
import { dispatch, flowOf, openEntryAtom } from '@/features/participate/stores/participation-state';
import { stopTranscriptionAudio } from '@/features/participate/stores/transcription-audio';

/** 'Success!' closed: the thank-you screen, with everything released (no way back to the form). */
export const showThankYouAtom = atom(null, (get, set) => {
  resetAttempt(get, set);
  dispatch(set, { type: 'thankYou' });
});

/** 'Salir del análisis': asks first during the analysis (the recording is deleted); else resets. */
export const askExitAtom = atom(null, (get, set) => {
  if (flowOf(get).stage === 'analysis') dispatch(set, { type: 'exitAsked' });
  else resetAttempt(get, set);
});

export const cancelExitAtom = atom(null, (_get, set) => dispatch(set, { type: 'exitCancelled' }));

/** Confirmed exit: stop, delete the entry (recording and place), back to the input step. */
export const confirmExitAtom = atom(null, async (get, set) => {
  if (flowOf(get).busy === 'exit') return;
  dispatch(set, { type: 'busy', busy: 'exit' });
  const entryId = get(openEntryAtom);
  const resources = takeResources(get, set);
  releaseMedia(resources);
  await Promise.all([
    abortCamera(get, set),
    stopTranscriptionAudio(get, set, { abort: true }),
    discard(entryId, resources),
  ]);
  resetAttempt(get, set);
});

/** Back to the input step: after the success modal, from the stopped modal, or from permissions. */
export const resetAtom = atom(null, (get, set) => resetAttempt(get, set));

/** The page unmounts: release everything; an unfinished participation is deleted (not awaited). */
export const disposeAtom = atom(null, (get, set) => {
  const entryId = get(openEntryAtom);
  dispatch(set, { type: 'abandoned' });
  const resources = takeResources(get, set);
  releaseMedia(resources);
  cancelThumbnail();
  void abortCamera(get, set);
  void stopTranscriptionAudio(get, set, { abort: true });
  void discard(entryId, resources);
});
