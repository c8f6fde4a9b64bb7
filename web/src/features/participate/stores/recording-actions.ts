/**
 * The recording of one attempt (product §4): entering the analysis step starts it, the recorder
 * façade's state is bridged into the flow, a stopped share ends it (the stopped modal, and the data
 * deleted), and 'Volver a compartir el micrófono' continues it as a new segment.
 */
import { atom, type Getter, type Setter } from 'jotai';
import { recordingFailure, permissionFailure, startFailure, type Device } from '@/features/participate/lib/errors';
import { combineStreams, requestMicrophone, stopStream, watchEnded } from '@/features/participate/lib/media';
import {
  createRecorderSession,
  STREAM_STOPPED_MESSAGE,
  type RecorderSnapshot,
  type RecorderStartOptions,
} from '@/features/participate/lib/recorder-session';
import { buildSteps, markOf } from '@/features/participate/lib/steps';
import { cancelThumbnail, scheduleThumbnail } from '@/features/participate/lib/thumbnail';
import type { ParticipationData } from '@/lib/api-types/ParticipationData';
import type { EntryAnswersDto } from '@/lib/api-types/EntryAnswersDto';
import { discard, releaseMedia, takeResources } from '@/features/participate/stores/attempt';
import { abortCamera, followScreenTier, startCameraRecording } from '@/features/participate/stores/camera-actions';
import { cameraInternal } from '@/features/participate/stores/camera-state';
import { uplinkAtStart } from '@/features/participate/stores/uplink-probe';
import { watchMicrophoneHealth } from '@/features/participate/stores/microphone-health';
import { dispatch, flowOf, internal, isCurrent } from '@/features/participate/stores/participation-state';
import { startStudy } from '@/features/participate/stores/study-flow';
import { sendHeldAnswers } from '@/features/participate/stores/held-answers';
import { studyInternal } from '@/features/participate/stores/study-state';
import {
  setTranscription,
  startTranscriptionAudio,
  stopTranscriptionAudio,
} from '@/features/participate/stores/transcription-audio';

/** A screen or microphone track ended (the browser's "Stop sharing", an unplugged microphone). */
export async function streamEnded(get: Getter, set: Setter, device: Device, generation: number): Promise<void> {
  if (!isCurrent(get, generation)) return;
  const flow = flowOf(get);
  if (flow.stage === 'permissions') {
    // Not recording yet: that permission is pending again and the participant is asked to share again.
    const resources = get(internal.resources);
    stopStream(device === 'screen' ? resources.screen : resources.microphone);
    set(internal.resources, { ...resources, [device]: null });
    dispatch(set, { type: 'deviceEnded', device });
    return;
  }
  if (flow.stage !== 'analysis') return;
  // Once finishing started the recording is complete: stopping the share then changes nothing.
  if (flow.uploadStatus === 'uploading' || flow.uploadStatus === 'success' || flow.overlay === 'stopped') return;
  dispatch(set, { type: 'stopped' });
  const resources = takeResources(get, set);
  releaseMedia(resources);
  cancelThumbnail();
  // Product §2.5: the modal says the data has been deleted, so delete it (the camera with it).
  await Promise.all([
    abortCamera(get, set),
    stopTranscriptionAudio(get, set, { abort: true }),
    discard(flow.entryId, resources),
  ]);
}

/** The recorder façade reported a new state (bridged into the store). */
function recorderChanged(get: Getter, set: Setter, generation: number, state: RecorderSnapshot): void {
  if (!isCurrent(get, generation)) return;
  const tierBefore = flowOf(get).snapshot.tier;
  dispatch(set, { type: 'recorderChanged', snapshot: state });
  if (state.phase === 'recording' && state.tier !== tierBefore) {
    followScreenTier(get, state.tier, get(internal.resources).recorder?.startedAt());
  }
  const flow = flowOf(get);
  if (state.phase !== 'failed' || flow.stage !== 'analysis' || flow.overlay === 'stopped') return;
  // During Finish, finish() rejects and its own message is shown instead.
  if (flow.uploadStatus === 'uploading' || flow.uploadStatus === 'success') return;
  if (state.lastError === STREAM_STOPPED_MESSAGE) {
    void streamEnded(get, set, 'screen', generation);
    return;
  }
  dispatch(set, { type: 'recordingNotice', notice: recordingFailure(state.lastError ?? 'unknown') });
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
  const stillWanted = () => isCurrent(get, generation) && flowOf(get).overlay !== 'stopped';
  let session;
  try {
    session = await createRecorderSession(entryId);
  } catch (error) {
    if (stillWanted()) dispatch(set, { type: 'recordingNotice', notice: startFailure(error) });
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
    const resumed = flowOf(get).resume;
    const stream = combineStreams(screen, microphone);
    const resumeInfo = continueFrom ?? (resumed ? { recordedMs: resumed.recordedMs, steps: resumed.steps } : {});
    // The pre-flight probe chooses the starting quality tier; the camera's rates count in it (ADR 0023).
    const uplink = uplinkAtStart(get);
    const options = {
      ...resumeInfo,
      ...(uplink ? { uplinkBitsPerSecond: uplink } : {}),
      withCamera: Boolean(get(cameraInternal.resources).stream),
    };
    await session.start(stream, options);
  } catch (error) {
    if (stillWanted()) dispatch(set, { type: 'startFailed', notice: startFailure(error), snapshot: session.state() });
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
  const { steps, stepIndex } = flowOf(get);
  session.markStep(markOf(steps, stepIndex));
  dispatch(set, { type: 'recorderChanged', snapshot: session.state() });
  if (continueFrom) return;
  // The camera records its own file from here (a required one that stops ends the analysis), and
  // a first capture sends the entry's thumbnail a few seconds in (ADR 0008).
  void startCameraRecording(
    get,
    set,
    entryId,
    session.startedAt(),
    () => void streamEnded(get, set, 'screen', generation),
    session.state().tier,
  );
  // The microphone alone, for the transcript, when the answer asked for it (ADR 0018).
  void startTranscriptionAudio(get, set, entryId, microphone, session.startedAt());
  if (screen && !flowOf(get).resume?.recordedMs) scheduleThumbnail(entryId, screen);
}

/** The analysis step begins and recording with it: a new participation, or a resumed one. */
export async function enterAnalysis(
  get: Getter,
  set: Setter,
  generation: number,
  entryId: string,
  data: ParticipationData,
  stepIndex: number,
  answers?: EntryAnswersDto,
): Promise<void> {
  setTranscription(set, data.transcribe);
  startStudy(set, data, answers, get(studyInternal.heldPre) !== null);
  dispatch(set, {
    type: 'analysisEntered',
    entryId,
    steps: buildSteps(data),
    stepIndex,
    // Clients of product §3's payload send neither setting: then nothing is asked (ADR 0012).
    questions: {
      taskQuestions: data.taskQuestions === true,
      sus: data.sus === true,
      answeredTasks: answers?.tasks.map((task) => task.taskNumber) ?? [],
      answeredSus: Boolean(answers?.sus),
    },
  });
  void sendHeldAnswers(get, set, entryId, generation);
  await startRecording(get, set, generation, entryId);
}

/** Reads the recorder's state now (the timer ticks even if no onChange arrives). */
export const refreshRecordingAtom = atom(null, (get, set) => {
  const { recorder, recording } = get(internal.resources);
  if (recorder && recording) recorderChanged(get, set, flowOf(get).generation, recorder.state());
});

/**
 * 'Volver a compartir el micrófono' (issue "Hardening 3"): a new microphone, and with it a new
 * segment. The current recorder is released without completing (its chunks stay on the device and
 * the new recorder uploads them first, as after a reload, ADR 0005); the new one continues the
 * timeline and the step marks. A refused or missing microphone leaves everything as it was.
 */
export const shareMicrophoneAgainAtom = atom(null, async (get, set) => {
  const flow = flowOf(get);
  if (flow.stage !== 'analysis' || !flow.microphoneProblem || flow.busy) return;
  const { generation, entryId } = flow;
  dispatch(set, { type: 'microphoneShareStarted' });
  let microphone: MediaStream;
  try {
    microphone = await requestMicrophone();
  } catch (error) {
    if (isCurrent(get, generation)) {
      dispatch(set, { type: 'microphoneShareFailed', notice: permissionFailure('microphone', error) });
    }
    return;
  }
  const resources = get(internal.resources);
  if (!isCurrent(get, generation) || !entryId || !resources.screen || flowOf(get).uploadStatus !== 'idle') {
    stopStream(microphone);
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
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
  dispatch(set, { type: 'microphoneProblem', problem: null });
  try {
    await startRecording(get, set, generation, entryId, continueFrom);
  } finally {
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
  }
});
