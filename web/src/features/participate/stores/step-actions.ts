/**
 * Moving through the analysis's steps (product §4, ADR 0012): 'Anterior' and 'Siguiente', which
 * first asks a task's questions when due, and 'Finish Analysis', which asks what is still due, then
 * finishes the camera, the transcription audio and the screen, and submits the entry.
 */
import { atom, type Getter, type Setter } from 'jotai';
import { submitEntry } from '@/features/participate/api/submit-entry';
import { finishFailure } from '@/features/participate/lib/errors';
import type { QuestionPrompt } from '@/features/participate/lib/flow';
import { rememberFinished } from '@/features/participate/lib/finished-participations';
import { markOf } from '@/features/participate/lib/steps';
import { cancelThumbnail } from '@/features/participate/lib/thumbnail';
import { releaseMedia } from '@/features/participate/stores/attempt';
import { finishCamera, resetCamera } from '@/features/participate/stores/camera-actions';
import { dispatch, flowOf, internal, isCurrent } from '@/features/participate/stores/participation-state';
import { dueStudyPrompt, finishStudy } from '@/features/participate/stores/study-flow';
import { finishTranscriptionAudio, stopTranscriptionAudio } from '@/features/participate/stores/transcription-audio';

/** Where the recording is now on the entry's timeline (the clock of the step marks). */
function timelineNow(get: Getter): number {
  const { recorder } = get(internal.resources);
  const elapsed = recorder ? recorder.state().elapsedMs : flowOf(get).snapshot.elapsedMs;
  return Math.max(0, Math.round(Number.isFinite(elapsed) ? elapsed : 0));
}

/**
 * The question screen due before leaving the current step (ADR 0012): the task's SEQ and success
 * when the analysis asks them and they are not answered yet, and before Finish the SUS.
 */
function duePrompt(get: Getter, then: 'next' | 'finish'): QuestionPrompt | null {
  const { questions, steps, stepIndex } = flowOf(get);
  const step = steps[stepIndex];
  if (questions.taskQuestions && step?.kind === 'task' && !questions.answeredTasks.includes(step.number)) {
    return { kind: 'task', taskNumber: step.number, atMs: timelineNow(get), then };
  }
  const study = dueStudyPrompt(get, step, then);
  if (study) return study;
  if (then === 'finish' && questions.sus && !questions.answeredSus) return { kind: 'sus' };
  return null;
}

/** Moves the stepper without asking anything and tells the recorder (chapters). */
export function moveStep(get: Getter, set: Setter, delta: number): void {
  const before = flowOf(get).stepIndex;
  dispatch(set, { type: 'stepMoved', delta });
  const { steps, stepIndex } = flowOf(get);
  if (stepIndex === before) return;
  const { recorder, recording } = get(internal.resources);
  if (recorder && recording) recorder.markStep(markOf(steps, stepIndex));
}

/** 'Anterior' (-1) and 'Siguiente' (+1); 'Siguiente' on a task first asks its questions if due. */
export const moveStepAtom = atom(null, (get, set, delta: number) => {
  const { prompt, busy, stepIndex, steps } = flowOf(get);
  if (prompt || busy === 'finish') return;
  const isLast = stepIndex >= steps.length - 1;
  const due = delta > 0 && !isLast ? duePrompt(get, 'next') : null;
  if (due) {
    dispatch(set, { type: 'promptOpened', prompt: due });
    return;
  }
  moveStep(get, set, delta);
});

/**
 * 'Finish Analysis': the last task's questions and the SUS first when due, then stop and upload
 * the rest (finish), then PATCH the entry to submitted.
 */
export const finishAtom = atom(null, async (get, set) => {
  const flow = flowOf(get);
  if (flow.busy || flow.prompt) return;
  const due = duePrompt(get, 'finish');
  if (due) {
    dispatch(set, { type: 'promptOpened', prompt: due });
    return;
  }
  const { recorder, recording } = get(internal.resources);
  const { entryId, generation } = flow;
  if (!recorder || !recording) {
    dispatch(set, { type: 'finishRefused', notice: finishFailure('no-recorder') });
    return;
  }
  if (!entryId) {
    dispatch(set, { type: 'finishRefused', notice: finishFailure('no-entry') });
    return;
  }
  dispatch(set, { type: 'finishStarted' });
  // The camera's last chunks first: the screen's completion closes the camera's file too.
  cancelThumbnail();
  await finishCamera(get);
  // The transcription audio ends beside the screen (nothing of it waits for the other), and its
  // last chunks are in before the submit, which starts the transcript (ADR 0018).
  const audioFinished = finishTranscriptionAudio(get);
  // A retry after a failed PATCH must not finish twice.
  if (recorder.state().phase !== 'done') {
    try {
      await recorder.finish();
    } catch (error) {
      if (!isCurrent(get, generation)) return;
      dispatch(set, { type: 'finishFailed', notice: finishFailure('finish', error), snapshot: recorder.state() });
      return;
    }
  }
  if (!isCurrent(get, generation)) return;
  dispatch(set, { type: 'recorderChanged', snapshot: recorder.state() });
  // The recording is complete: end the share now (the browser's sharing bar goes away).
  const resources = get(internal.resources);
  releaseMedia(resources);
  set(internal.resources, { ...resources, screen: null, microphone: null, unwatch: [], stopMicrophoneWatch: null });
  resetCamera(get, set, { keepMode: true });
  await audioFinished;
  void stopTranscriptionAudio(get, set);
  let submitted;
  try {
    submitted = await submitEntry(entryId);
  } catch (error) {
    if (!isCurrent(get, generation)) return;
    dispatch(set, { type: 'finishFailed', notice: finishFailure('submit', error) });
    return;
  }
  if (!isCurrent(get, generation)) return;
  finishStudy(get, set, submitted.completionUrl);
  // Remembered now, so a reload while 'Success!' shows already gets the thank-you (ADR 0010).
  rememberFinished(flowOf(get).analysisId);
  dispatch(set, { type: 'finished' });
});
