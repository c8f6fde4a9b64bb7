/**
 * What a moderated session's call needs from the participation (ADR 0024, slice 2), loaded only
 * with the call: the streams the recorder already records (screen, microphone, camera), which the
 * call sends as they are and never stops, and moving the stepper to the task the moderator chose.
 */
import { atom } from 'jotai';
import { cameraInternal } from '@/features/participate/stores/camera-state';
import { flowOf, internal } from '@/features/participate/stores/participation-state';
import { moveStep } from '@/features/participate/stores/step-actions';

/** The participant's live streams, as the recorder holds them. */
export const callStreamsAtom = atom((get) => {
  const { screen, microphone } = get(internal.resources);
  return { screen, microphone, camera: get(cameraInternal.resources).stream };
});

/** The moderator's `task {index}` (0-based into the analysis's tasks): the stepper goes to that task. */
export const moveToTaskAtom = atom(null, (get, set, index: number) => {
  const { stage, steps, stepIndex, busy } = flowOf(get);
  if (stage !== 'analysis' || busy === 'finish') return;
  const target = steps.findIndex((step) => step.kind === 'task' && step.number === index + 1);
  if (target < 0 || target === stepIndex) return;
  moveStep(get, set, target - stepIndex);
});
