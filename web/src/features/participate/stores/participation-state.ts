/**
 * The participation flow's client state (product §4 Participation flow, Permission status, Upload
 * status) as jotai atoms. The primitive atoms are private to the stores folder (`internal`); screens
 * read the exported derived atoms and change state only through the actions in participation-actions.
 */
import { atom } from 'jotai';
import type { Notice } from '@/features/participate/lib/errors';
import type { ResumeInfo } from '@/lib/api-types/ResumeInfo';
import {
  IDLE_SNAPSHOT,
  type RecorderSession,
  type RecorderSnapshot,
} from '@/features/participate/lib/recorder-session';
import { screenProgress, type Step } from '@/features/participate/lib/steps';
import { studyInternal } from '@/features/participate/stores/study-state';

/**
 * 'checking': asking the server whether this browser has an unfinished participation;
 * 'resume': offering to continue it or delete it (ADR 0005); 'done': the thank-you screen after
 * the success modal, also shown when this browser reopens a finished analysis (ADR 0010).
 */
export type Stage = 'checking' | 'resume' | 'input' | 'screener' | 'screened-out' | 'permissions' | 'analysis' | 'done';
export type PermissionStatus = 'idle' | 'requesting' | 'granted' | 'denied';
export type UploadStatus = 'idle' | 'uploading' | 'success' | 'error';
/** What covers the current stage: the consent modal, the exit confirmation, the two end modals. */
export type Overlay = 'none' | 'consent' | 'exit' | 'stopped' | 'success';
export type Busy =
  | 'validate'
  | 'permissions'
  | 'participate'
  | 'exit'
  | 'finish'
  | 'resume'
  | 'discard'
  | 'answers'
  | 'microphone'
  | null;

/**
 * Why the voice may not be reaching the recording (issue "Hardening 3"): the microphone track
 * ended, the browser muted it (no audio flows), or it reads dead silence after it was heard.
 */
export type MicrophoneProblem = 'muted' | 'silent';

/**
 * A question screen over the stepper (ADR 0012): a task's SEQ and success after its
 * 'Siguiente' (`atMs`: when it was pressed, on the entry's timeline; `then`: what follows the
 * answers), or the SUS before Finish.
 */
export type QuestionPrompt =
  | { kind: 'task'; taskNumber: number; atMs: number; then: 'next' | 'finish' }
  | { kind: 'sus' }
  /** The questions before the first task or before Finish (ADR 0017). */
  | { kind: 'study'; phase: 'pre' | 'post'; then: 'next' | 'finish' };

/** What this analysis asks, and what the participant already answered (a resumed tab is not asked twice). */
export interface QuestionState {
  taskQuestions: boolean;
  sus: boolean;
  answeredTasks: number[];
  answeredSus: boolean;
}

/** The choices made on the question screen so far; shared, so the tab and the floating window agree. */
export interface QuestionDraft {
  seq: number | null;
  success: 'yes' | 'no' | 'unsure' | null;
  /** SUS answers by item (index 0 = item 1). */
  sus: Array<number | null>;
}

export const EMPTY_DRAFT: QuestionDraft = { seq: null, success: null, sus: Array<number | null>(10).fill(null) };

export const NO_QUESTIONS: QuestionState = { taskQuestions: false, sus: false, answeredTasks: [], answeredSus: false };

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

export interface PermissionNotices {
  screen: Notice | null;
  microphone: Notice | null;
  /** The stopped-stream and participate-failure messages. */
  general: Notice | null;
}

const NO_PERMISSION_NOTICES: PermissionNotices = { screen: null, microphone: null, general: null };

/** Private primitives: only the stores folder imports this object. */
export const internal = {
  stage: atom<Stage>('checking'),
  /** The unfinished participation offered, then being continued (consent is already recorded). */
  resume: atom<ResumeInfo | null>(null),
  resumeNotice: atom<Notice | null>(null),
  analysisId: atom(''),
  inputNotice: atom<Notice | null>(null),
  screen: atom<PermissionStatus>('idle'),
  microphone: atom<PermissionStatus>('idle'),
  permissionNotices: atom<PermissionNotices>(NO_PERMISSION_NOTICES),
  entryId: atom<string | null>(null),
  steps: atom<Step[]>([]),
  stepIndex: atom(0),
  snapshot: atom<RecorderSnapshot>(IDLE_SNAPSHOT),
  recordingNotice: atom<Notice | null>(null),
  microphoneProblem: atom<MicrophoneProblem | null>(null),
  /** Sharing the microphone again failed (refused, no device): shown under the warning. */
  microphoneNotice: atom<Notice | null>(null),
  uploadStatus: atom<UploadStatus>('idle'),
  overlay: atom<Overlay>('none'),
  busy: atom<Busy>(null),
  resources: atom<Resources>(NO_RESOURCES),
  questions: atom<QuestionState>(NO_QUESTIONS),
  prompt: atom<QuestionPrompt | null>(null),
  draft: atom<QuestionDraft>(EMPTY_DRAFT),
  /** Bumped on every reset, so answers of an abandoned attempt are ignored. */
  generation: atom(0),
  noPermissionNotices: NO_PERMISSION_NOTICES,
};

export const stageAtom = atom((get) => get(internal.stage));
export const overlayAtom = atom((get) => get(internal.overlay));
export const busyAtom = atom((get) => get(internal.busy));

export const resumeAtom = atom((get) => ({ info: get(internal.resume), notice: get(internal.resumeNotice) }));

export const inputAtom = atom((get) => ({
  analysisId: get(internal.analysisId),
  notice: get(internal.inputNotice),
}));

export const permissionsAtom = atom((get) => {
  const screen = get(internal.screen);
  const microphone = get(internal.microphone);
  const notices = get(internal.permissionNotices);
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
  const steps = get(internal.steps);
  const index = get(internal.stepIndex);
  const prompt = get(internal.prompt);
  const study = get(studyInternal.study);
  const progress = {
    ...get(internal.questions),
    pre: study.pre.length > 0,
    post: study.post.length > 0,
    postPending: !study.answeredPost,
  };
  // Once the last 'Finish Analysis' is pressed the upload runs behind its window: the counter
  // stays on the last screen rather than falling back to the last task's step.
  const status = get(internal.uploadStatus);
  const finishing = get(internal.busy) === 'finish' || status === 'uploading' || status === 'success';
  return { steps, index, step: steps[index], ...screenProgress(steps, index, progress, prompt, finishing) };
});

/** The question screen showing now, if any, and whether the next answer leads to Finish. */
export const promptAtom = atom((get) => {
  const prompt = get(internal.prompt);
  const questions = get(internal.questions);
  if (!prompt) return null;
  const postDone = get(studyInternal.study).answeredPost || (prompt.kind === 'study' && prompt.phase === 'post');
  const finishesNext =
    prompt.kind === 'sus' ||
    (prompt.then === 'finish' &&
      postDone &&
      (!questions.sus || questions.answeredSus) &&
      (prompt.kind !== 'study' || prompt.phase === 'post'));
  return { prompt, finishesNext, draft: get(internal.draft), saving: get(internal.busy) === 'answers' };
});

/** The recorder façade's latest state, as the recording panel and the upload bar show it. */
export const recordingAtom = atom((get) => {
  const snapshot = get(internal.snapshot);
  return {
    phase: snapshot.phase,
    elapsedMs: snapshot.elapsedMs,
    progress: snapshot.progress,
    retrying: snapshot.retrying,
    online: snapshot.online,
    pendingBytes: snapshot.pendingBytes,
    storage: snapshot.storage,
    limitMessage: snapshot.limitMessage,
    notice: get(internal.recordingNotice),
    uploadStatus: get(internal.uploadStatus),
  };
});

/** The recording panel's microphone warning and its 'share again' button, while recording. */
export const microphoneHealthAtom = atom((get) => ({
  problem: get(internal.stage) === 'analysis' ? get(internal.microphoneProblem) : null,
  notice: get(internal.microphoneNotice),
  sharing: get(internal.busy) === 'microphone',
}));

/** Closing the tab now would lose a recording in progress or an upload. */
export const unsavedWorkAtom = atom((get) => {
  if (get(internal.stage) !== 'analysis') return false;
  const status = get(internal.uploadStatus);
  if (status === 'success') return false;
  return status === 'uploading' || ['recording', 'finishing'].includes(get(internal.snapshot).phase);
});

/** The entry to delete if the tab closes now (claimed, not yet submitted). */
export const openEntryAtom = atom((get) =>
  get(internal.stage) === 'analysis' && get(internal.uploadStatus) !== 'success' && get(internal.overlay) !== 'stopped'
    ? get(internal.entryId)
    : null,
);
