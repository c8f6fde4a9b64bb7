/**
 * The participation flow's state and its transitions as one pure reducer (product §2 points 1–5,
 * §4 Participation flow, Permission status, Upload status). The stores hold one `FlowState` and
 * change it only by dispatching a `FlowEvent`; the browser objects (streams, recorder) and the API
 * calls stay in the action modules, which decide which event an outcome is. Host-tested in
 * flow.test.ts: every rule about what a screen shows after what lives here, not in an effect.
 */
import type { Device, Notice } from '@/features/participate/lib/errors';
import { IDLE_SNAPSHOT, type RecorderSnapshot } from '@/features/participate/lib/recorder-session';
import type { Step } from '@/features/participate/lib/steps';
import type { ResumeInfo } from '@/lib/api-types/ResumeInfo';

/**
 * 'checking': asking the server whether this browser has an unfinished participation;
 * 'resume': offering to continue it or delete it (ADR 0005); 'done': the thank-you screen after
 * the success modal, also shown when this browser reopens a finished analysis (ADR 0010).
 */
export type Stage =
  | 'checking'
  | 'resume'
  | 'input'
  | 'screener'
  | 'screened-out'
  /** The questions before the tasks, after the screener and before any permission (issue 45). */
  | 'questions'
  | 'permissions'
  | 'analysis'
  | 'done';
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

export interface PermissionNotices {
  screen: Notice | null;
  microphone: Notice | null;
  /** The stopped-stream and participate-failure messages. */
  general: Notice | null;
}

export const EMPTY_DRAFT: QuestionDraft = { seq: null, success: null, sus: Array<number | null>(10).fill(null) };
export const NO_QUESTIONS: QuestionState = { taskQuestions: false, sus: false, answeredTasks: [], answeredSus: false };
export const NO_PERMISSION_NOTICES: PermissionNotices = { screen: null, microphone: null, general: null };
/** A share stopped before recording began: that permission is asked again. */
export const STREAM_ENDED = { key: 'participate.permissions.errors.streamEnded' } as const;

export interface FlowState {
  stage: Stage;
  overlay: Overlay;
  busy: Busy;
  /** The unfinished participation offered, then being continued (consent is already recorded). */
  resume: ResumeInfo | null;
  resumeNotice: Notice | null;
  analysisId: string;
  inputNotice: Notice | null;
  /** The analysis asks questions before the tasks: they come before the permissions (issue 45). */
  questionsFirst: boolean;
  screen: PermissionStatus;
  microphone: PermissionStatus;
  permissionNotices: PermissionNotices;
  entryId: string | null;
  steps: Step[];
  stepIndex: number;
  /** The recorder façade's latest state, bridged in. */
  snapshot: RecorderSnapshot;
  recordingNotice: Notice | null;
  microphoneProblem: MicrophoneProblem | null;
  /** Sharing the microphone again failed (refused, no device): shown under the warning. */
  microphoneNotice: Notice | null;
  uploadStatus: UploadStatus;
  questions: QuestionState;
  prompt: QuestionPrompt | null;
  draft: QuestionDraft;
  /** Bumped on every reset, so answers of an abandoned attempt are ignored. */
  generation: number;
}

export const INITIAL_FLOW: FlowState = {
  stage: 'checking',
  overlay: 'none',
  busy: null,
  resume: null,
  resumeNotice: null,
  analysisId: '',
  inputNotice: null,
  questionsFirst: false,
  screen: 'idle',
  microphone: 'idle',
  permissionNotices: NO_PERMISSION_NOTICES,
  entryId: null,
  steps: [],
  stepIndex: 0,
  snapshot: IDLE_SNAPSHOT,
  recordingNotice: null,
  microphoneProblem: null,
  microphoneNotice: null,
  uploadStatus: 'idle',
  questions: NO_QUESTIONS,
  prompt: null,
  draft: EMPTY_DRAFT,
  generation: 0,
};

export type FlowEvent =
  /** Back to the input step with nothing captured, as a new attempt; the analysis id stays. */
  | { type: 'reset'; analysisId?: string; inputNotice?: Notice }
  /** The page went away: answers still in flight are ignored from now on. */
  | { type: 'abandoned' }
  /** 'Success!' closed, or the link is to an analysis this browser finished lately (ADR 0010). */
  | { type: 'thankYou'; analysisId?: string }
  /** An action started (its kind) or ended (null). */
  | { type: 'busy'; busy: Busy }
  | { type: 'checked'; info: ResumeInfo | null }
  | { type: 'resumeFailed'; notice: Notice | null }
  | { type: 'resumed'; info: ResumeInfo }
  /** 'Participar': the id as typed; empty is refused without a call. */
  | { type: 'idEntered'; analysisId: string }
  | { type: 'inputRefused'; notice: Notice }
  | { type: 'validated'; screener: boolean; questions: boolean }
  | { type: 'screened'; accepted: boolean }
  /** The questions before the tasks answered (held until a place is claimed): on to permissions. */
  | { type: 'questionsAnswered' }
  | { type: 'deviceRequested'; device: Device }
  | { type: 'deviceGranted'; device: Device }
  | { type: 'deviceDenied'; device: Device; notice: Notice }
  /** A share stopped on the permissions step: asked again, and the consent modal closes. */
  | { type: 'deviceEnded'; device: Device }
  | { type: 'permissionsAsked' }
  | { type: 'consentOpened' }
  | { type: 'consentRejected' }
  /** 'Aceptar y Continuar' claimed a place: the modal closes and the analysis step begins. */
  | { type: 'placeClaimed' }
  /** 'Aceptar y Continuar' did not claim a place (or a share stopped meanwhile). */
  | { type: 'participateFailed'; notice: Notice }
  | { type: 'analysisEntered'; entryId: string; steps: Step[]; stepIndex: number; questions: QuestionState }
  | { type: 'recorderChanged'; snapshot: RecorderSnapshot }
  | { type: 'recordingNotice'; notice: Notice | null }
  /** The recorder never left 'idle': the panel must say it is not recording, not 'starting'. */
  | { type: 'startFailed'; notice: Notice; snapshot: RecorderSnapshot }
  /** The screen share stopped while recording: the stopped modal (the data is deleted). */
  | { type: 'stopped' }
  | { type: 'microphoneProblem'; problem: MicrophoneProblem | null }
  | { type: 'microphoneShareStarted' }
  | { type: 'microphoneShareFailed'; notice: Notice }
  | { type: 'stepMoved'; delta: number }
  | { type: 'promptOpened'; prompt: QuestionPrompt }
  | { type: 'promptClosed' }
  | { type: 'draftChanged'; draft: QuestionDraft }
  | { type: 'taskAnswered'; taskNumber: number }
  | { type: 'susAnswered' }
  | { type: 'studyAnswered' }
  /** Finish could not start (no recorder, no entry). */
  | { type: 'finishRefused'; notice: Notice }
  | { type: 'finishStarted' }
  | { type: 'finishFailed'; notice: Notice; snapshot?: RecorderSnapshot }
  | { type: 'finished' }
  | { type: 'exitAsked' }
  | { type: 'exitCancelled' };

/** A fresh attempt at the input step: what survives is the id in the field and the generation, bumped. */
function fresh(state: FlowState): FlowState {
  return { ...INITIAL_FLOW, stage: 'input', analysisId: state.analysisId, generation: state.generation + 1 };
}

/** The flow after `event`. Pure: no browser object, no call; an event that does not apply changes nothing. */
export function reduceFlow(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'reset':
      return {
        ...fresh(state),
        analysisId: event.analysisId ?? state.analysisId,
        inputNotice: event.inputNotice ?? null,
      };
    case 'abandoned':
      return { ...state, generation: state.generation + 1 };
    case 'thankYou':
      return { ...fresh(state), analysisId: event.analysisId ?? state.analysisId, stage: 'done' };
    case 'busy':
      return { ...state, busy: event.busy };
    case 'checked':
      return state.stage === 'checking'
        ? { ...state, resume: event.info, stage: event.info ? 'resume' : 'input' }
        : state;
    case 'resumeFailed':
      return { ...state, resumeNotice: event.notice };
    case 'resumed':
      return {
        ...state,
        resume: event.info,
        analysisId: event.info.analysisId,
        permissionNotices: NO_PERMISSION_NOTICES,
        stage: 'permissions',
      };
    case 'idEntered':
      return {
        ...state,
        analysisId: event.analysisId,
        inputNotice: event.analysisId ? null : { key: 'participate.input.idRequired' },
      };
    case 'inputRefused':
      return { ...state, inputNotice: event.notice };
    case 'validated':
      // A screener comes first, then the questions before the tasks, before any permission is
      // asked (ADR 0017, issue 45).
      return {
        ...state,
        permissionNotices: NO_PERMISSION_NOTICES,
        questionsFirst: event.questions,
        stage: event.screener ? 'screener' : event.questions ? 'questions' : 'permissions',
      };
    case 'screened':
      return {
        ...state,
        stage: !event.accepted ? 'screened-out' : state.questionsFirst ? 'questions' : 'permissions',
      };
    case 'questionsAnswered':
      return state.stage === 'questions' ? { ...state, stage: 'permissions' } : state;
    case 'deviceRequested':
      return {
        ...state,
        [event.device]: 'requesting',
        permissionNotices: { ...state.permissionNotices, [event.device]: null },
      };
    case 'deviceGranted':
      return { ...state, [event.device]: 'granted' };
    case 'deviceDenied':
      return {
        ...state,
        [event.device]: 'denied',
        permissionNotices: { ...state.permissionNotices, [event.device]: event.notice },
      };
    case 'deviceEnded':
      return {
        ...state,
        [event.device]: 'idle',
        permissionNotices: { ...state.permissionNotices, general: STREAM_ENDED },
        overlay: state.overlay === 'consent' ? 'none' : state.overlay,
      };
    case 'permissionsAsked':
      return { ...state, busy: 'permissions', permissionNotices: { ...state.permissionNotices, general: null } };
    case 'consentOpened':
      return { ...state, overlay: 'consent' };
    case 'consentRejected':
      return state.busy === 'participate' ? state : { ...state, overlay: 'none' };
    case 'placeClaimed':
      return { ...state, overlay: 'none', busy: null };
    case 'participateFailed':
      return {
        ...state,
        overlay: 'none',
        busy: null,
        permissionNotices: { ...state.permissionNotices, general: event.notice },
      };
    case 'analysisEntered': {
      const last = Math.max(event.steps.length - 1, 0);
      return {
        ...state,
        questions: event.questions,
        prompt: null,
        entryId: event.entryId,
        steps: event.steps,
        stepIndex: Math.min(Math.max(event.stepIndex, 0), last),
        uploadStatus: 'idle',
        recordingNotice: null,
        stage: 'analysis',
      };
    }
    case 'recorderChanged':
      return { ...state, snapshot: event.snapshot };
    case 'recordingNotice':
      return { ...state, recordingNotice: event.notice };
    case 'startFailed':
      return { ...state, recordingNotice: event.notice, snapshot: { ...event.snapshot, phase: 'failed' } };
    case 'stopped':
      return { ...state, overlay: 'stopped' };
    case 'microphoneProblem':
      return { ...state, microphoneProblem: event.problem };
    case 'microphoneShareStarted':
      return { ...state, busy: 'microphone', microphoneNotice: null };
    case 'microphoneShareFailed':
      return { ...state, busy: null, microphoneNotice: event.notice };
    case 'stepMoved': {
      if (state.busy === 'finish') return state;
      const last = Math.max(state.steps.length - 1, 0);
      const stepIndex = Math.min(Math.max(state.stepIndex + event.delta, 0), last);
      return stepIndex === state.stepIndex ? state : { ...state, stepIndex };
    }
    case 'promptOpened':
      return { ...state, draft: EMPTY_DRAFT, prompt: event.prompt };
    case 'promptClosed':
      // Not while its answers are being saved: the save decides what comes next.
      return state.busy === 'answers' ? state : { ...state, prompt: null };
    case 'draftChanged':
      return { ...state, draft: event.draft };
    case 'taskAnswered':
      return {
        ...state,
        busy: null,
        prompt: null,
        questions: { ...state.questions, answeredTasks: [...state.questions.answeredTasks, event.taskNumber] },
      };
    case 'susAnswered':
      return { ...state, busy: null, prompt: null, questions: { ...state.questions, answeredSus: true } };
    case 'studyAnswered':
      return { ...state, busy: null, prompt: null };
    case 'finishRefused':
      return { ...state, recordingNotice: event.notice, uploadStatus: 'error' };
    case 'finishStarted':
      // What was recorded is finished as it is; a microphone warning no longer applies.
      return {
        ...state,
        busy: 'finish',
        uploadStatus: 'uploading',
        recordingNotice: null,
        microphoneProblem: null,
        microphoneNotice: null,
      };
    case 'finishFailed':
      return {
        ...state,
        snapshot: event.snapshot ?? state.snapshot,
        recordingNotice: event.notice,
        uploadStatus: 'error',
        busy: null,
      };
    case 'finished':
      return { ...state, uploadStatus: 'success', busy: null, overlay: 'success' };
    case 'exitAsked':
      // Once Finish runs the recording is being saved: leaving is no longer offered.
      return state.busy === 'finish' ? state : { ...state, overlay: 'exit' };
    case 'exitCancelled':
      return state.overlay === 'exit' && state.busy !== 'exit' ? { ...state, overlay: 'none' } : state;
  }
}
