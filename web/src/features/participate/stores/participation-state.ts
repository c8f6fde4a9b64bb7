/**
 * The participation flow's client state (product §4 Participation flow, Permission status, Upload
 * status) in jotai: one atom holding lib/flow.ts's `FlowState`, changed only by dispatching its
 * events, and the attempt's browser objects. Both are private to the stores folder (`internal`);
 * screens read the exported derived atoms and act through the action modules beside this one.
 */
import { atom, type Atom, type Getter, type Setter } from 'jotai';
import { INITIAL_FLOW, reduceFlow, type FlowEvent, type FlowState } from '@/features/participate/lib/flow';
import type { RecorderSession } from '@/features/participate/lib/recorder-session';
import { screenProgress } from '@/features/participate/lib/steps';
import { studyInternal } from '@/features/participate/stores/study-state';

export type {
  Busy,
  MicrophoneProblem,
  Overlay,
  PermissionNotices,
  PermissionStatus,
  QuestionDraft,
  QuestionPrompt,
  QuestionState,
  Stage,
  UploadStatus,
} from '@/features/participate/lib/flow';

/** Live browser objects of one attempt; never rendered, released on reset. */
export interface Resources {
  screen: MediaStream | null;
  microphone: MediaStream | null;
  recorder: RecorderSession | null;
  /** recorder.start() resolved, so markStep() may be called. */
  recording: boolean;
  /** Removes the 'ended' listeners of the screen and microphone tracks. */
  unwatch: Array<() => void>;
  /** Stops watching the recorded microphone's mute and level (a new microphone gets a new watch). */
  stopMicrophoneWatch: (() => void) | null;
}

export const NO_RESOURCES: Resources = {
  screen: null,
  microphone: null,
  recorder: null,
  recording: false,
  unwatch: [],
  stopMicrophoneWatch: null,
};

const flow = atom<FlowState>(INITIAL_FLOW);

/**
 * One read-only atom per field of the flow: a screen's derived atom recomputes only when a field it
 * reads changes, not on every recorder tick (the snapshot changes several times a second).
 */
const field = Object.fromEntries(
  (Object.keys(INITIAL_FLOW) as Array<keyof FlowState>).map((key) => [key, atom((get) => get(flow)[key])]),
) as { [K in keyof FlowState]: Atom<FlowState[K]> };

/** Private to the stores folder: the flow's one state atom, changed only through `dispatch`. */
export const internal = {
  flow,
  /** Applies one transition (lib/flow.ts) to the flow's state. */
  dispatch: atom(null, (get, set, event: FlowEvent) => set(flow, reduceFlow(get(flow), event))),
  resources: atom<Resources>(NO_RESOURCES),
};

/** The flow's state now (read inside an action). */
export const flowOf = (get: Getter): FlowState => get(internal.flow);

/** Dispatches `event` (inside an action). */
export const dispatch = (set: Setter, event: FlowEvent): void => set(internal.dispatch, event);

/** Whether the attempt that started an action is still the current one (answers of an abandoned one are ignored). */
export const isCurrent = (get: Getter, generation: number): boolean => get(internal.flow).generation === generation;

export const stageAtom = atom((get) => get(field.stage));
export const overlayAtom = atom((get) => get(field.overlay));
export const busyAtom = atom((get) => get(field.busy));

export const resumeAtom = atom((get) => ({ info: get(field.resume), notice: get(field.resumeNotice) }));

export const inputAtom = atom((get) => ({
  analysisId: get(field.analysisId),
  notice: get(field.inputNotice),
}));

export const permissionsAtom = atom((get) => {
  const screen = get(field.screen);
  const microphone = get(field.microphone);
  const notices = get(field.permissionNotices);
  return {
    screen,
    microphone,
    bothGranted: screen === 'granted' && microphone === 'granted',
    anyDenied: screen === 'denied' || microphone === 'denied',
    requesting: screen === 'requesting' || microphone === 'requesting',
    notices,
    hasError: Boolean(notices.screen ?? notices.microphone ?? notices.general),
  };
});

/** The granted microphone's stream, for the level meter; null until granted. */
export const microphoneStreamAtom = atom((get) => get(internal.resources).microphone);

/** The stepper; its progress counts the question screens too (ADR 0015). */
export const stepperAtom = atom((get) => {
  const steps = get(field.steps);
  const index = get(field.stepIndex);
  const prompt = get(field.prompt);
  const study = get(studyInternal.study);
  const progress = {
    ...get(field.questions),
    // Asked before the permissions (issue 45), they are not a screen of the stepper.
    pre: study.pre.length > 0 && !study.preAskedFirst,
    post: study.post.length > 0,
    postPending: !study.answeredPost,
  };
  // Once the last 'Finish Analysis' is pressed the upload runs behind its window: the counter
  // stays on the last screen rather than falling back to the last task's step.
  const status = get(field.uploadStatus);
  const finishing = get(field.busy) === 'finish' || status === 'uploading' || status === 'success';
  return { steps, index, step: steps[index], ...screenProgress(steps, index, progress, prompt, finishing) };
});

/** The question screen showing now, if any, and whether the next answer leads to Finish. */
export const promptAtom = atom((get) => {
  const prompt = get(field.prompt);
  const questions = get(field.questions);
  if (!prompt) return null;
  const postDone = get(studyInternal.study).answeredPost || (prompt.kind === 'study' && prompt.phase === 'post');
  const finishesNext =
    prompt.kind === 'sus' ||
    (prompt.then === 'finish' &&
      postDone &&
      (!questions.sus || questions.answeredSus) &&
      (prompt.kind !== 'study' || prompt.phase === 'post'));
  return { prompt, finishesNext, draft: get(field.draft), saving: get(field.busy) === 'answers' };
});

/** The recorder façade's latest state, as the recording panel and the upload bar show it. */
export const recordingAtom = atom((get) => {
  const snapshot = get(field.snapshot);
  return {
    phase: snapshot.phase,
    elapsedMs: snapshot.elapsedMs,
    progress: snapshot.progress,
    retrying: snapshot.retrying,
    online: snapshot.online,
    pendingBytes: snapshot.pendingBytes,
    tier: snapshot.tier,
    backlogMs: snapshot.backlogMs,
    uplinkBitsPerSecond: snapshot.uplinkBitsPerSecond,
    storage: snapshot.storage,
    limitMessage: snapshot.limitMessage,
    notice: get(field.recordingNotice),
    uploadStatus: get(field.uploadStatus),
  };
});

/** The recording panel's microphone warning and its 'share again' button, while recording. */
export const microphoneHealthAtom = atom((get) => ({
  problem: get(field.stage) === 'analysis' ? get(field.microphoneProblem) : null,
  notice: get(field.microphoneNotice),
  sharing: get(field.busy) === 'microphone',
}));

/** Closing the tab now would lose a recording in progress or an upload. */
export const unsavedWorkAtom = atom((get) => {
  if (get(field.stage) !== 'analysis') return false;
  const status = get(field.uploadStatus);
  if (status === 'success') return false;
  return status === 'uploading' || ['recording', 'finishing'].includes(get(field.snapshot).phase);
});

/** The entry to delete if the tab closes now (claimed, not yet submitted). */
export const openEntryAtom = atom((get) =>
  get(field.stage) === 'analysis' && get(field.uploadStatus) !== 'success' && get(field.overlay) !== 'stopped'
    ? get(field.entryId)
    : null,
);
