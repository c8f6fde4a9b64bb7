/** The participation flow's transitions (lib/flow.ts): what each screen shows after what happened. */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  INITIAL_FLOW,
  NO_PERMISSION_NOTICES,
  reduceFlow,
  STREAM_ENDED,
  type FlowEvent,
  type FlowState,
} from '@/features/participate/lib/flow';
import type { Notice } from '@/features/participate/lib/errors';
import { IDLE_SNAPSHOT } from '@/features/participate/lib/recorder-session';
import { buildSteps } from '@/features/participate/lib/steps';
import type { ResumeInfo } from '@/lib/api-types/ResumeInfo';

const run = (events: FlowEvent[], from: FlowState = INITIAL_FLOW) => events.reduce(reduceFlow, from);
/** A notice with some message key (the reducer only carries it). */
const notice = (key: string) => ({ key }) as Notice;
const steps = buildSteps({
  scenario: 'S',
  analysisUrl: 'example.com',
  tasks: [
    { taskType: 'text', taskContent: 'T1' },
    { taskType: 'text', taskContent: 'T2' },
  ],
  taskQuestions: true,
  sus: true,
  camera: 'off',
});
const questions = { taskQuestions: true, sus: true, answeredTasks: [], answeredSus: false };

/** A participant recording on step `stepIndex`. */
const recording = (stepIndex = 0) =>
  run([
    { type: 'checked', info: null },
    { type: 'idEntered', analysisId: 'A1' },
    { type: 'validated', screener: false, questions: false },
    { type: 'analysisEntered', entryId: 'E1', steps, stepIndex, questions },
  ]);

describe('arriving and the analysis id', () => {
  it('offers an unfinished participation, else the form; only while checking', () => {
    const info = { analysisEntryId: 'E0', analysisId: 'A0' } as ResumeInfo;
    expect(run([{ type: 'checked', info }])).toMatchObject({ stage: 'resume', resume: info });
    expect(run([{ type: 'checked', info: null }]).stage).toBe('input');
    // A late answer after the participant moved on changes nothing.
    const moved = run([
      { type: 'checked', info: null },
      { type: 'validated', screener: false, questions: false },
    ]);
    expect(run([{ type: 'checked', info }], moved)).toBe(moved);
  });

  it('refuses an empty id without a call, and a screener comes before the permissions', () => {
    expect(run([{ type: 'idEntered', analysisId: '' }]).inputNotice).toEqual(notice('participate.input.idRequired'));
    const typed = run([
      { type: 'idEntered', analysisId: '' },
      { type: 'idEntered', analysisId: 'A1' },
    ]);
    expect(typed).toMatchObject({ analysisId: 'A1', inputNotice: null });
    expect(run([{ type: 'validated', screener: true, questions: false }], typed).stage).toBe('screener');
    expect(run([{ type: 'validated', screener: false, questions: false }], typed).stage).toBe('permissions');
    const screened = run([{ type: 'validated', screener: true, questions: false }], typed);
    expect(run([{ type: 'screened', accepted: false }], screened).stage).toBe('screened-out');
    expect(run([{ type: 'screened', accepted: true }], screened).stage).toBe('permissions');
  });

  it('asks the questions before the tasks after the screener and before any permission (issue 45)', () => {
    const typed = run([{ type: 'idEntered', analysisId: 'A1' }]);
    const asked = run([{ type: 'validated', screener: false, questions: true }], typed);
    expect(asked.stage).toBe('questions');
    expect(run([{ type: 'questionsAnswered' }], asked).stage).toBe('permissions');
    const screened = run([{ type: 'validated', screener: true, questions: true }], typed);
    expect(screened.stage).toBe('screener');
    expect(run([{ type: 'screened', accepted: true }], screened).stage).toBe('questions');
    expect(run([{ type: 'screened', accepted: false }], screened).stage).toBe('screened-out');
    // Only from its own screen; a new attempt asks again.
    expect(run([{ type: 'questionsAnswered' }], typed).stage).toBe(typed.stage);
    expect(run([{ type: 'reset' }], asked).questionsFirst).toBe(false);
  });

  it('resuming goes to the permissions with the resumed analysis id', () => {
    const info = { analysisEntryId: 'E0', analysisId: 'A9' } as ResumeInfo;
    const state = run([
      { type: 'checked', info },
      { type: 'resumeFailed', notice: notice('x') },
      { type: 'resumed', info },
    ]);
    expect(state).toMatchObject({ stage: 'permissions', analysisId: 'A9', resume: info });
  });
});

describe('permissions and consent', () => {
  const asked = run([{ type: 'validated', screener: false, questions: false }, { type: 'permissionsAsked' }]);

  it('each device is requested, then granted or denied with its own message', () => {
    const denied = run(
      [
        { type: 'deviceRequested', device: 'screen' },
        { type: 'deviceDenied', device: 'screen', notice: notice('denied') },
        { type: 'deviceRequested', device: 'microphone' },
      ],
      asked,
    );
    expect(denied).toMatchObject({ screen: 'denied', microphone: 'requesting', busy: 'permissions' });
    expect(denied.permissionNotices).toEqual({ ...NO_PERMISSION_NOTICES, screen: notice('denied') });
    // Asking again clears that device's message.
    expect(run([{ type: 'deviceRequested', device: 'screen' }], denied).permissionNotices.screen).toBeNull();
    expect(run([{ type: 'deviceGranted', device: 'microphone' }], denied).microphone).toBe('granted');
  });

  it('a share stopped with the consent open asks for it again and closes the modal', () => {
    const open = run(
      [
        { type: 'deviceGranted', device: 'screen' },
        { type: 'deviceGranted', device: 'microphone' },
        { type: 'busy', busy: null },
        { type: 'consentOpened' },
        { type: 'deviceEnded', device: 'screen' },
      ],
      asked,
    );
    expect(open).toMatchObject({ screen: 'idle', microphone: 'granted', overlay: 'none' });
    expect(open.permissionNotices.general).toEqual(STREAM_ENDED);
  });

  it('the consent cannot be rejected while its place is being claimed; a failed claim says why', () => {
    const claiming = run([{ type: 'consentOpened' }, { type: 'busy', busy: 'participate' }], asked);
    expect(run([{ type: 'consentRejected' }], claiming).overlay).toBe('consent');
    const failed = run([{ type: 'participateFailed', notice: notice('full') }], claiming);
    expect(failed).toMatchObject({ overlay: 'none', busy: null });
    expect(failed.permissionNotices.general).toEqual(notice('full'));
    expect(run([{ type: 'placeClaimed' }], claiming)).toMatchObject({ overlay: 'none', busy: null });
  });
});

describe('the analysis step', () => {
  it('starts on the step given, within the list, with nothing left of a previous finish', () => {
    const state = recording(99);
    expect(state).toMatchObject({
      stage: 'analysis',
      entryId: 'E1',
      stepIndex: steps.length - 1,
      uploadStatus: 'idle',
    });
    expect(recording(-3).stepIndex).toBe(0);
  });

  it('moves within the steps, and not at all while finishing', () => {
    const state = recording(0);
    expect(run([{ type: 'stepMoved', delta: -1 }], state)).toBe(state);
    expect(run([{ type: 'stepMoved', delta: 1 }], state).stepIndex).toBe(1);
    expect(run([{ type: 'stepMoved', delta: 50 }], state).stepIndex).toBe(steps.length - 1);
    const finishing = run([{ type: 'finishStarted' }], state);
    expect(run([{ type: 'stepMoved', delta: 1 }], finishing).stepIndex).toBe(0);
  });

  it('a question screen opens with an empty draft; answering it records the answer and closes it', () => {
    const state = run(
      [
        { type: 'draftChanged', draft: { ...EMPTY_DRAFT, seq: 3 } },
        { type: 'promptOpened', prompt: { kind: 'task', taskNumber: 1, atMs: 10, then: 'next' } },
      ],
      recording(1),
    );
    expect(state.draft).toEqual(EMPTY_DRAFT);
    // 'Volver a la tarea' does nothing while the answers are being saved.
    const saving = run([{ type: 'busy', busy: 'answers' }], state);
    expect(run([{ type: 'promptClosed' }], saving).prompt).not.toBeNull();
    const answered = run([{ type: 'taskAnswered', taskNumber: 1 }], saving);
    expect(answered).toMatchObject({ prompt: null, busy: null });
    expect(answered.questions.answeredTasks).toEqual([1]);
    expect(run([{ type: 'susAnswered' }], answered).questions.answeredSus).toBe(true);
  });

  it('a start that failed says so and shows the recorder as failed, not starting', () => {
    const state = run([{ type: 'startFailed', notice: notice('start'), snapshot: IDLE_SNAPSHOT }], recording());
    expect(state.snapshot.phase).toBe('failed');
    expect(state.recordingNotice).toEqual(notice('start'));
  });
});

describe('finishing and leaving', () => {
  it('Finish clears the microphone warning, uploads, and ends on the success modal', () => {
    const warned = run(
      [
        { type: 'microphoneProblem', problem: 'silent' },
        { type: 'microphoneShareFailed', notice: notice('mic') },
      ],
      recording(),
    );
    const finishing = run([{ type: 'finishStarted' }], warned);
    expect(finishing).toMatchObject({
      busy: 'finish',
      uploadStatus: 'uploading',
      microphoneProblem: null,
      microphoneNotice: null,
    });
    expect(run([{ type: 'finished' }], finishing)).toMatchObject({
      uploadStatus: 'success',
      overlay: 'success',
      busy: null,
    });
    const failed = run([{ type: 'finishFailed', notice: notice('submit') }], finishing);
    expect(failed).toMatchObject({ uploadStatus: 'error', busy: null, recordingNotice: notice('submit') });
  });

  it('leaving is not offered while Finish runs; the exit modal closes unless the exit runs', () => {
    const finishing = run([{ type: 'finishStarted' }], recording());
    expect(run([{ type: 'exitAsked' }], finishing).overlay).toBe('none');
    const asked = run([{ type: 'exitAsked' }], recording());
    expect(asked.overlay).toBe('exit');
    expect(run([{ type: 'exitCancelled' }], asked).overlay).toBe('none');
    const exiting = run([{ type: 'busy', busy: 'exit' }], asked);
    expect(run([{ type: 'exitCancelled' }], exiting).overlay).toBe('exit');
  });

  it('a reset is a new attempt at the input step: nothing of the old one, the id kept, answers of the old one stale', () => {
    const old = run([{ type: 'microphoneProblem', problem: 'muted' }, { type: 'finishStarted' }], recording(2));
    const reset = run([{ type: 'reset' }], old);
    expect(reset).toEqual({ ...INITIAL_FLOW, stage: 'input', analysisId: 'A1', generation: old.generation + 1 });
    const lost = run([{ type: 'reset', analysisId: 'A2', inputNotice: notice('participate.resume.expired') }], old);
    expect(lost).toMatchObject({ stage: 'input', analysisId: 'A2', inputNotice: notice('participate.resume.expired') });
    const thanks = run([{ type: 'thankYou' }], old);
    expect(thanks).toMatchObject({ stage: 'done', entryId: null, overlay: 'none' });
    expect(run([{ type: 'abandoned' }], old).generation).toBe(old.generation + 1);
  });
});
