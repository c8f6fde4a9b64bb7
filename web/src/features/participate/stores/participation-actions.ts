/**
 * Size: the flow's transitions are one state machine over shared atoms; the pure rules they use are
 * in lib/ and host-tested there.
 * Every transition of the participation flow (product §2 points 1–5, §4) as write-only jotai atoms:
 * validate → permissions → consent → participate → record (the recorder façade's state is bridged
 * into `internal.snapshot`) → steps → finish, plus exit, stopped stream and reset. Answers that
 * arrive after a reset are ignored (generation check) and their browser objects released.
 */
import { atom, type Getter, type Setter } from 'jotai';
import { abandonEntry } from '@/features/participate/api/abandon-entry';
import { participate } from '@/features/participate/api/participate';
import { currentParticipation, resumeEntry } from '@/features/participate/api/resume';
import { submitEntry } from '@/features/participate/api/submit-entry';
import { validateParticipation } from '@/features/participate/api/validate-participation';
import {
  finishFailure,
  participateFailure,
  permissionFailure,
  recordingFailure,
  startFailure,
  validateFailure,
  validateRefused,
  type Device,
} from '@/features/participate/lib/errors';
import { discardDeviceChunks } from '@/features/participate/lib/device-chunks';
import { finishedLately, rememberFinished } from '@/features/participate/lib/finished-participations';
import {
  combineStreams,
  requestMicrophone,
  requestScreen,
  stopStream,
  watchEnded,
} from '@/features/participate/lib/media';
import { watchMicrophoneHealth } from '@/features/participate/stores/microphone-health';
import {
  createRecorderSession,
  IDLE_SNAPSHOT,
  STREAM_STOPPED_MESSAGE,
  type RecorderSnapshot,
  type RecorderStartOptions,
} from '@/features/participate/lib/recorder-session';
import { buildSteps, markOf, positionOf } from '@/features/participate/lib/steps';
import {
  dueStudyPrompt,
  finishStudy,
  panelExtras,
  preparePanel,
  resetStudy,
  startStudy,
} from '@/features/participate/stores/study-flow';
import { cancelThumbnail, scheduleThumbnail } from '@/features/participate/lib/thumbnail';
import {
  abortCamera,
  cameraSatisfied,
  finishCamera,
  resetCamera,
  setCameraMode,
  startCameraRecording,
} from '@/features/participate/stores/camera-actions';
import {
  finishTranscriptionAudio,
  setTranscription,
  startTranscriptionAudio,
  stopTranscriptionAudio,
} from '@/features/participate/stores/transcription-audio';
import { errorStatus } from '@/components/form/server-errors';
import type { ParticipationData } from '@/lib/api-types/ParticipationData';
import type { EntryAnswersDto } from '@/lib/api-types/EntryAnswersDto';
import {
  EMPTY_DRAFT,
  internal,
  NO_QUESTIONS,
  NO_RESOURCES,
  openEntryAtom,
  type QuestionPrompt,
  type Resources,
} from '@/features/participate/stores/participation-state';

const STREAM_ENDED = { key: 'participate.permissions.errors.streamEnded' } as const;

const isCurrent = (get: Getter, generation: number) => get(internal.generation) === generation;

/** Removes the 'ended' listeners and stops every captured track (track.stop() fires no 'ended'). */
function releaseMedia(resources: Resources): void {
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
async function discard(entryId: string | null, resources: Resources): Promise<void> {
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

/** Back to the input step with nothing captured; the analysis id stays for the field. */
function resetState(get: Getter, set: Setter): void {
  set(internal.generation, get(internal.generation) + 1);
  const resources = get(internal.resources);
  releaseMedia(resources);
  resources.recorder?.dispose();
  set(internal.resources, NO_RESOURCES);
  resetCamera(get, set);
  cancelThumbnail();
  set(internal.stage, 'input');
  set(internal.resume, null);
  set(internal.resumeNotice, null);
  set(internal.inputNotice, null);
  set(internal.screen, 'idle');
  set(internal.microphone, 'idle');
  set(internal.permissionNotices, internal.noPermissionNotices);
  set(internal.entryId, null);
  set(internal.steps, []);
  set(internal.stepIndex, 0);
  set(internal.snapshot, IDLE_SNAPSHOT);
  set(internal.recordingNotice, null);
  set(internal.microphoneProblem, null);
  set(internal.microphoneNotice, null);
  set(internal.uploadStatus, 'idle');
  set(internal.overlay, 'none');
  set(internal.busy, null);
  set(internal.questions, NO_QUESTIONS);
  set(internal.prompt, null);
  resetStudy(set);
}

/** Takes the resources out of the store (so nothing else releases them) and returns them. */
function takeResources(get: Getter, set: Setter): Resources {
  const resources = get(internal.resources);
  set(internal.resources, NO_RESOURCES);
  return resources;
}

/** A screen or microphone track ended (the browser's "Stop sharing", an unplugged microphone). */
export async function streamEnded(get: Getter, set: Setter, device: Device, generation: number): Promise<void> {
  if (!isCurrent(get, generation)) return;
  const stage = get(internal.stage);
  if (stage === 'permissions') {
    // Not recording yet: that permission is pending again and the participant is asked to share again.
    const resources = get(internal.resources);
    stopStream(device === 'screen' ? resources.screen : resources.microphone);
    set(internal.resources, { ...resources, [device]: null });
    set(internal[device], 'idle');
    set(internal.permissionNotices, { ...get(internal.permissionNotices), general: STREAM_ENDED });
    if (get(internal.overlay) === 'consent') set(internal.overlay, 'none');
    return;
  }
  if (stage !== 'analysis') return;
  const upload = get(internal.uploadStatus);
  // Once finishing started the recording is complete: stopping the share then changes nothing.
  if (upload === 'uploading' || upload === 'success' || get(internal.overlay) === 'stopped') return;
  set(internal.overlay, 'stopped');
  const resources = takeResources(get, set);
  releaseMedia(resources);
  cancelThumbnail();
  // Product §2.5: the modal says the data has been deleted, so delete it (the camera with it).
  await Promise.all([
    abortCamera(get, set),
    stopTranscriptionAudio(get, set, { abort: true }),
    discard(get(internal.entryId), resources),
  ]);
}

/** The recorder façade reported a new state (bridged into the store). */
function recorderChanged(get: Getter, set: Setter, generation: number, state: RecorderSnapshot): void {
  if (!isCurrent(get, generation)) return;
  set(internal.snapshot, state);
  if (state.phase !== 'failed' || get(internal.stage) !== 'analysis' || get(internal.overlay) === 'stopped') return;
  const upload = get(internal.uploadStatus);
  // During Finish, finish() rejects and its own message is shown instead.
  if (upload === 'uploading' || upload === 'success') return;
  if (state.lastError === STREAM_STOPPED_MESSAGE) {
    void streamEnded(get, set, 'screen', generation);
    return;
  }
  set(internal.recordingNotice, recordingFailure(state.lastError ?? 'unknown'));
}

/**
 * Starts recording the combined stream once participate succeeded (product §4); marks step 0. With
 * `continueFrom` it is a new segment of the same recording (the microphone shared again): the
 * timeline and the step marks go on, and the camera and thumbnail already running are left alone.
 */
async function startRecording(
  get: Getter,
  set: Setter,
  generation: number,
  entryId: string,
  continueFrom?: RecorderStartOptions,
): Promise<void> {
  const stillWanted = () => isCurrent(get, generation) && get(internal.overlay) !== 'stopped';
  let session;
  try {
    session = await createRecorderSession(entryId);
  } catch (error) {
    if (stillWanted()) set(internal.recordingNotice, startFailure(error));
    return;
  }
  if (!stillWanted()) {
    session.dispose();
    return;
  }
  set(internal.resources, { ...get(internal.resources), recorder: session });
  session.onChange((state) => recorderChanged(get, set, generation, state));
  const { screen, microphone } = get(internal.resources);
  try {
    if (!screen || !microphone) throw new Error('The screen or microphone stream is gone');
    // A resumed participation continues its timeline and step marks (ADR 0005).
    const resumed = get(internal.resume);
    const stream = combineStreams(screen, microphone);
    const options = continueFrom ?? (resumed ? { recordedMs: resumed.recordedMs, steps: resumed.steps } : undefined);
    await (options ? session.start(stream, options) : session.start(stream));
  } catch (error) {
    if (stillWanted()) {
      set(internal.recordingNotice, startFailure(error));
      // The recorder never left 'idle'; the panel must say it is not recording, not 'starting'.
      set(internal.snapshot, { ...session.state(), phase: 'failed' });
    }
    return;
  }
  if (!stillWanted()) {
    // Stopped or left while starting: that path already deleted the entry; stop the recorder too.
    await session.abort().catch(() => undefined);
    return;
  }
  const recorded = get(internal.resources);
  const stopMicrophoneWatch = microphone ? watchMicrophoneHealth(get, set, microphone, generation) : null;
  set(internal.resources, { ...recorded, recording: true, stopMicrophoneWatch });
  session.markStep(markOf(get(internal.steps), get(internal.stepIndex)));
  set(internal.snapshot, session.state());
  if (continueFrom) return;
  // The camera records its own file from here (a required one that stops ends the analysis), and
  // a first capture sends the entry's thumbnail a few seconds in (ADR 0008).
  void startCameraRecording(
    get,
    set,
    entryId,
    session.startedAt(),
    () => void streamEnded(get, set, 'screen', generation),
  );
  // The microphone alone, for the transcript, when the answer asked for it (ADR 0018).
  void startTranscriptionAudio(get, set, entryId, microphone, session.startedAt());
  if (screen && !get(internal.resume)?.recordedMs) scheduleThumbnail(entryId, screen);
}

/**
 * 'Volver a compartir el micrófono' (issue "Hardening 3"): a new microphone, and with it a new
 * segment. The current recorder is released without completing (its chunks stay on the device and
 * the new recorder uploads them first, as after a reload, ADR 0005); the new one continues the
 * timeline and the step marks. A refused or missing microphone leaves everything as it was.
 */
export const shareMicrophoneAgainAtom = atom(null, async (get, set) => {
  if (get(internal.stage) !== 'analysis' || !get(internal.microphoneProblem) || get(internal.busy)) return;
  const generation = get(internal.generation);
  const entryId = get(internal.entryId);
  set(internal.busy, 'microphone');
  set(internal.microphoneNotice, null);
  let microphone: MediaStream;
  try {
    microphone = await requestMicrophone();
  } catch (error) {
    if (isCurrent(get, generation)) {
      set(internal.microphoneNotice, permissionFailure('microphone', error));
      set(internal.busy, null);
    }
    return;
  }
  const resources = get(internal.resources);
  if (!isCurrent(get, generation) || !entryId || !resources.screen || get(internal.uploadStatus) !== 'idle') {
    stopStream(microphone);
    if (isCurrent(get, generation)) set(internal.busy, null);
    return;
  }
  const previous = resources.recorder;
  const continueFrom = previous
    ? { recordedMs: Math.round(previous.state().elapsedMs), steps: previous.steps() }
    : undefined;
  resources.stopMicrophoneWatch?.();
  stopStream(resources.microphone);
  previous?.dispose();
  const unwatch = watchEnded(microphone, () => void streamEnded(get, set, 'microphone', generation));
  set(internal.resources, {
    ...resources,
    microphone,
    recorder: null,
    recording: false,
    stopMicrophoneWatch: null,
    unwatch: [...resources.unwatch, unwatch],
  });
  set(internal.microphoneProblem, null);
  try {
    await startRecording(get, set, generation, entryId, continueFrom);
  } finally {
    if (isCurrent(get, generation)) set(internal.busy, null);
  }
});

/** Point 1: 'Participar' — checks the id (empty → spec message, without a call), then validates it. */
export const validateAtom = atom(null, async (get, set, rawId: string) => {
  if (get(internal.busy)) return;
  const analysisId = rawId.trim();
  set(internal.analysisId, analysisId);
  set(internal.inputNotice, analysisId ? null : { key: 'participate.input.idRequired' });
  if (!analysisId) return;
  const generation = get(internal.generation);
  set(internal.busy, 'validate');
  try {
    const answer = await validateParticipation(analysisId);
    if (!isCurrent(get, generation)) return;
    if (answer?.success !== true) {
      set(internal.inputNotice, validateRefused());
      return;
    }
    if (!preparePanel(set, answer)) {
      set(internal.inputNotice, { key: 'participate.screener.badPid' });
      return;
    }
    set(internal.permissionNotices, internal.noPermissionNotices);
    setCameraMode(set, answer.camera);
    // A screener comes first, before any permission is asked (ADR 0017).
    set(internal.stage, answer.screener?.length ? 'screener' : 'permissions');
  } catch (error) {
    if (isCurrent(get, generation)) set(internal.inputNotice, validateFailure(error));
  } finally {
    if (isCurrent(get, generation)) set(internal.busy, null);
  }
});

/** Asks for one device unless granted; keeps the stream and watches it for 'ended'. */
async function requestDevice(get: Getter, set: Setter, device: Device, generation: number): Promise<void> {
  if (get(internal[device]) === 'granted') return;
  set(internal[device], 'requesting');
  set(internal.permissionNotices, { ...get(internal.permissionNotices), [device]: null });
  try {
    const stream = await (device === 'screen' ? requestScreen() : requestMicrophone());
    if (!isCurrent(get, generation)) {
      stopStream(stream);
      return;
    }
    const unwatch = watchEnded(stream, () => void streamEnded(get, set, device, generation));
    const resources = get(internal.resources);
    set(internal.resources, { ...resources, [device]: stream, unwatch: [...resources.unwatch, unwatch] });
    set(internal[device], 'granted');
  } catch (error) {
    if (!isCurrent(get, generation)) return;
    set(internal[device], 'denied');
    set(internal.permissionNotices, { ...get(internal.permissionNotices), [device]: permissionFailure(device, error) });
  }
}

/** Point 2: 'Compartir pantalla y micrófono' / 'Try Again' — the screen first, then the microphone. */
export const requestPermissionsAtom = atom(null, async (get, set) => {
  if (get(internal.busy) || get(internal.stage) !== 'permissions') return;
  const generation = get(internal.generation);
  set(internal.busy, 'permissions');
  set(internal.permissionNotices, { ...get(internal.permissionNotices), general: null });
  try {
    await requestDevice(get, set, 'screen', generation);
    // Asked even when the screen failed, so one click settles both cards.
    if (isCurrent(get, generation)) await requestDevice(get, set, 'microphone', generation);
  } finally {
    if (isCurrent(get, generation)) set(internal.busy, null);
  }
});

/**
 * 'Siguiente' on the permissions step: the security modal, only with both permissions granted. A
 * resumed participation already has its consent: it goes straight back to the step it was on.
 */
export const openConsentAtom = atom(null, async (get, set) => {
  if (
    get(internal.screen) !== 'granted' ||
    get(internal.microphone) !== 'granted' ||
    !cameraSatisfied(get) ||
    get(internal.busy)
  )
    return;
  const resumed = get(internal.resume);
  if (!resumed) {
    set(internal.overlay, 'consent');
    return;
  }
  const lastMark = resumed.steps.length ? (resumed.steps[resumed.steps.length - 1]?.index ?? 0) : 0;
  const lastStep = positionOf(buildSteps(resumed.analysisData), lastMark);
  await enterAnalysis(
    get,
    set,
    get(internal.generation),
    resumed.analysisEntryId,
    resumed.analysisData,
    lastStep,
    resumed.answers,
  );
});

/**
 * On arrival: a link to an analysis this browser finished lately shows the thank-you again
 * (ADR 0010); otherwise, does this browser have an unfinished participation? Then offer it (ADR 0005).
 */
export const checkUnfinishedAtom = atom(null, async (get, set, linkedId?: string) => {
  if (get(internal.stage) !== 'checking') return;
  if (linkedId && finishedLately(linkedId)) {
    set(internal.analysisId, linkedId);
    set(internal.stage, 'done');
    return;
  }
  const generation = get(internal.generation);
  let info = null;
  try {
    info = await currentParticipation();
  } catch {
    // The check failing must not keep anyone from participating: the form is shown.
  }
  if (!isCurrent(get, generation) || get(internal.stage) !== 'checking') return;
  set(internal.resume, info);
  set(internal.stage, info ? 'resume' : 'input');
});

/** 'Continuar': hold the place again, then the permissions step (consent is already recorded). */
export const continueUnfinishedAtom = atom(null, async (get, set) => {
  const info = get(internal.resume);
  if (!info || get(internal.busy)) return;
  const generation = get(internal.generation);
  set(internal.busy, 'resume');
  set(internal.resumeNotice, null);
  try {
    const resumed = await resumeEntry(info.analysisEntryId);
    if (!isCurrent(get, generation)) return;
    set(internal.resume, resumed);
    set(internal.analysisId, resumed.analysisId);
    setCameraMode(set, resumed.analysisData.camera);
    set(internal.permissionNotices, internal.noPermissionNotices);
    set(internal.stage, 'permissions');
  } catch (error) {
    if (!isCurrent(get, generation)) return;
    if (errorStatus(error) === 400 || errorStatus(error) === 403 || errorStatus(error) === 404) {
      // The place is gone (the server deleted the recording) or the participation expired.
      void discardDeviceChunks(info.analysisEntryId);
      resetState(get, set);
      set(internal.analysisId, info.analysisId);
      set(
        internal.inputNotice,
        errorStatus(error) === 400 ? { key: 'participate.validate.noPlaces' } : { key: 'participate.resume.expired' },
      );
      return;
    }
    set(internal.resumeNotice, participateFailure(error));
  } finally {
    if (isCurrent(get, generation)) set(internal.busy, null);
  }
});

/** 'Eliminar grabación y salir': everything recorded is deleted, on the server and this device. */
export const discardUnfinishedAtom = atom(null, async (get, set) => {
  const info = get(internal.resume);
  if (!info || get(internal.busy)) return;
  set(internal.busy, 'discard');
  set(internal.resumeNotice, null);
  try {
    await abandonEntry(info.analysisEntryId);
  } catch (error) {
    // Already gone (403/404) is what the participant asked for; anything else is shown.
    const status = errorStatus(error);
    if (status !== 403 && status !== 404) {
      set(internal.resumeNotice, participateFailure(error));
      set(internal.busy, null);
      return;
    }
  }
  await discardDeviceChunks(info.analysisEntryId);
  resetState(get, set);
  set(internal.analysisId, info.analysisId);
});

/** 'Rechazar': back to the permissions step. */
export const rejectConsentAtom = atom(null, (get, set) => {
  if (get(internal.busy) !== 'participate') set(internal.overlay, 'none');
});

/** Point 3: 'Aceptar y Continuar' — claims a place, then the analysis starts and recording with it. */
export const acceptConsentAtom = atom(null, async (get, set) => {
  if (get(internal.busy)) return;
  const generation = get(internal.generation);
  const analysisId = get(internal.analysisId);
  set(internal.busy, 'participate');
  let answer;
  try {
    answer = await participate(analysisId, panelExtras(get));
  } catch (error) {
    if (!isCurrent(get, generation)) return;
    set(internal.overlay, 'none');
    set(internal.permissionNotices, { ...get(internal.permissionNotices), general: participateFailure(error) });
    set(internal.busy, null);
    return;
  }
  const entryId = answer?.success === true && answer.analysisEntryId ? answer.analysisEntryId : null;
  if (!isCurrent(get, generation)) {
    // Left meanwhile: give the place back.
    if (entryId) void abandonEntry(entryId).catch(() => undefined);
    return;
  }
  set(internal.busy, null);
  set(internal.overlay, 'none');
  if (!entryId || !answer) {
    set(internal.permissionNotices, { ...get(internal.permissionNotices), general: participateFailure() });
    return;
  }
  const { screen, microphone } = get(internal.resources);
  if (!screen || !microphone || !cameraSatisfied(get)) {
    // A share (or a required camera) stopped while the modal was open: the place goes back.
    void abandonEntry(entryId).catch(() => undefined);
    set(internal.permissionNotices, { ...get(internal.permissionNotices), general: STREAM_ENDED });
    return;
  }
  await enterAnalysis(get, set, generation, entryId, answer.analysisData, 0);
});

/** The analysis step begins and recording with it: a new participation, or a resumed one. */
async function enterAnalysis(
  get: Getter,
  set: Setter,
  generation: number,
  entryId: string,
  data: ParticipationData,
  stepIndex: number,
  answers?: EntryAnswersDto,
) {
  const steps = buildSteps(data);
  setTranscription(set, data.transcribe);
  // Clients of the spec's payload send neither setting: then nothing is asked (ADR 0012).
  set(internal.questions, {
    taskQuestions: data.taskQuestions === true,
    sus: data.sus === true,
    answeredTasks: answers?.tasks.map((task) => task.taskNumber) ?? [],
    answeredSus: Boolean(answers?.sus),
  });
  set(internal.prompt, null);
  startStudy(set, data, answers);
  set(internal.entryId, entryId);
  set(internal.steps, steps);
  set(internal.stepIndex, Math.min(Math.max(stepIndex, 0), Math.max(steps.length - 1, 0)));
  set(internal.uploadStatus, 'idle');
  set(internal.recordingNotice, null);
  set(internal.stage, 'analysis');
  await startRecording(get, set, generation, entryId);
}

/** Reads the recorder's state now (the timer ticks even if no onChange arrives). */
export const refreshRecordingAtom = atom(null, (get, set) => {
  const { recorder, recording } = get(internal.resources);
  if (recorder && recording) recorderChanged(get, set, get(internal.generation), recorder.state());
});

/** Where the recording is now on the entry's timeline (the clock of the step marks). */
function timelineNow(get: Getter): number {
  const { recorder } = get(internal.resources);
  const elapsed = recorder ? recorder.state().elapsedMs : get(internal.snapshot).elapsedMs;
  return Math.max(0, Math.round(Number.isFinite(elapsed) ? elapsed : 0));
}

/**
 * The question screen due before leaving the current step (ADR 0012): the task's SEQ and success
 * when the analysis asks them and they are not answered yet, and before Finish the SUS.
 */
function duePrompt(get: Getter, then: 'next' | 'finish'): QuestionPrompt | null {
  const questions = get(internal.questions);
  const step = get(internal.steps)[get(internal.stepIndex)];
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
  const total = get(internal.steps).length;
  const current = get(internal.stepIndex);
  const next = Math.min(Math.max(current + delta, 0), Math.max(total - 1, 0));
  if (next === current || get(internal.busy) === 'finish') return;
  set(internal.stepIndex, next);
  const { recorder, recording } = get(internal.resources);
  if (recorder && recording) recorder.markStep(markOf(get(internal.steps), next));
}

/** 'Anterior' (-1) and 'Siguiente' (+1); 'Siguiente' on a task first asks its questions if due. */
export const moveStepAtom = atom(null, (get, set, delta: number) => {
  if (get(internal.prompt) || get(internal.busy) === 'finish') return;
  const isLast = get(internal.stepIndex) >= get(internal.steps).length - 1;
  const prompt = delta > 0 && !isLast ? duePrompt(get, 'next') : null;
  if (prompt) {
    set(internal.draft, EMPTY_DRAFT);
    set(internal.prompt, prompt);
    return;
  }
  moveStep(get, set, delta);
});

/**
 * 'Finish Analysis': the last task's questions and the SUS first when due, then stop and upload
 * the rest (finish), then PATCH the entry to submitted.
 */
export const finishAtom = atom(null, async (get, set) => {
  if (get(internal.busy) || get(internal.prompt)) return;
  const prompt = duePrompt(get, 'finish');
  if (prompt) {
    set(internal.draft, EMPTY_DRAFT);
    set(internal.prompt, prompt);
    return;
  }
  const { recorder, recording } = get(internal.resources);
  const entryId = get(internal.entryId);
  if (!recorder || !recording) {
    set(internal.recordingNotice, finishFailure('no-recorder'));
    set(internal.uploadStatus, 'error');
    return;
  }
  if (!entryId) {
    set(internal.recordingNotice, finishFailure('no-entry'));
    set(internal.uploadStatus, 'error');
    return;
  }
  const generation = get(internal.generation);
  set(internal.busy, 'finish');
  set(internal.uploadStatus, 'uploading');
  set(internal.recordingNotice, null);
  // What was recorded is finished as it is; a microphone warning no longer applies.
  set(internal.microphoneProblem, null);
  set(internal.microphoneNotice, null);
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
      set(internal.snapshot, recorder.state());
      set(internal.recordingNotice, finishFailure('finish', error));
      set(internal.uploadStatus, 'error');
      set(internal.busy, null);
      return;
    }
  }
  if (!isCurrent(get, generation)) return;
  set(internal.snapshot, recorder.state());
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
    set(internal.recordingNotice, finishFailure('submit', error));
    set(internal.uploadStatus, 'error');
    set(internal.busy, null);
    return;
  }
  if (!isCurrent(get, generation)) return;
  finishStudy(get, set, submitted.completionUrl);
  // Remembered now, so a reload while 'Success!' shows already gets the thank-you (ADR 0010).
  rememberFinished(get(internal.analysisId));
  set(internal.uploadStatus, 'success');
  set(internal.busy, null);
  set(internal.overlay, 'success');
});

/** 'Success!' closed: the thank-you screen, with everything released (no way back to the form). */
export const showThankYouAtom = atom(null, (get, set) => {
  resetState(get, set);
  set(internal.stage, 'done');
});

/** 'Salir del análisis': asks first during the analysis (the recording is deleted); else resets. */
export const askExitAtom = atom(null, (get, set) => {
  if (get(internal.stage) === 'analysis') {
    if (get(internal.busy) !== 'finish') set(internal.overlay, 'exit');
    return;
  }
  resetState(get, set);
});

export const cancelExitAtom = atom(null, (get, set) => {
  if (get(internal.overlay) === 'exit' && get(internal.busy) !== 'exit') set(internal.overlay, 'none');
});

/** Confirmed exit: stop, delete the entry (recording and place), back to the input step. */
export const confirmExitAtom = atom(null, async (get, set) => {
  if (get(internal.busy) === 'exit') return;
  set(internal.busy, 'exit');
  const entryId = get(openEntryAtom);
  const resources = takeResources(get, set);
  releaseMedia(resources);
  await Promise.all([
    abortCamera(get, set),
    stopTranscriptionAudio(get, set, { abort: true }),
    discard(entryId, resources),
  ]);
  resetState(get, set);
});

/** Back to the input step: after the success modal, from the stopped modal, or from permissions. */
export const resetAtom = atom(null, (get, set) => resetState(get, set));

/** The page unmounts: release everything; an unfinished participation is deleted (not awaited). */
export const disposeAtom = atom(null, (get, set) => {
  const entryId = get(openEntryAtom);
  set(internal.generation, get(internal.generation) + 1);
  const resources = takeResources(get, set);
  releaseMedia(resources);
  cancelThumbnail();
  void abortCamera(get, set);
  void stopTranscriptionAudio(get, set, { abort: true });
  void discard(entryId, resources);
});
