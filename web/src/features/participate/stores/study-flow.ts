/**
 * The panel-study steps the main flow calls into (ADR 0017), kept apart from it: reading the
 * participant id from the invite link, what `participate` sends, the questions a participation
 * asks (a resumed tab is not asked twice), and which question screen is due before a step.
 */
import type { Getter, Setter } from 'jotai';
import type { EntryAnswersDto } from '@/lib/api-types/EntryAnswersDto';
import type { ParticipationData } from '@/lib/api-types/ParticipationData';
import type { ValidateParticipationResponse } from '@/lib/api-types/ValidateParticipationResponse';
import type { Step } from '@/features/participate/lib/steps';
import type { QuestionPrompt } from '@/features/participate/stores/participation-state';
import { NO_PANEL, NO_STUDY, studyInternal, validPid } from '@/features/participate/stores/study-state';

/**
 * After 'Participar' validated the id: the panel's participant id from the page's address (under
 * the analysis's parameter name) and the screener. False when the id in the link breaks the rule.
 */
export function preparePanel(set: Setter, answer: ValidateParticipationResponse): boolean {
  const param = answer.pidParam;
  const raw = param ? (new URLSearchParams(window.location.search).get(param)?.trim() ?? '') : '';
  if (raw && !validPid(raw)) return false;
  set(studyInternal.panel, {
    ...NO_PANEL,
    pid: raw || null,
    screener: answer.screener?.length ? answer.screener : null,
  });
  set(
    studyInternal.screenerDraft,
    (answer.screener ?? []).map(() => []),
  );
  set(studyInternal.screenerError, null);
  set(studyInternal.earlyQuestions, answer.preQuestions ?? []);
  set(studyInternal.heldPre, null);
  set(studyInternal.draft, []);
  return true;
}

/** The id and the screener answers `participate` sends along (nothing for the product document's analyses). */
export function panelExtras(get: Getter): { pid?: string; screener?: number[][] } {
  const panel = get(studyInternal.panel);
  return {
    ...(panel.pid ? { pid: panel.pid } : {}),
    ...(panel.screenerAnswers ? { screener: panel.screenerAnswers } : {}),
  };
}

/**
 * The analysis starts: its questions and those already answered. Answers given before the
 * permissions (issue 45) count as given; `sendHeldAnswers` sends them.
 */
export function startStudy(set: Setter, data: ParticipationData, answers?: EntryAnswersDto, heldPre = false) {
  const phases = new Set((answers?.questions ?? []).map((a) => a.phase));
  const pre = data.questions?.pre ?? [];
  const post = data.questions?.post ?? [];
  set(
    studyInternal.study,
    pre.length || post.length
      ? {
          pre,
          post,
          answeredPre: !pre.length || phases.has('pre') || heldPre,
          answeredPost: !post.length || phases.has('post'),
          preAskedFirst: heldPre,
        }
      : NO_STUDY,
  );
  set(studyInternal.draft, []);
}

/** The submit's answer says where the end leads: the panel's completion URL, when it has one. */
export function finishStudy(get: Getter, set: Setter, completionUrl: string | undefined) {
  set(studyInternal.panel, { ...get(studyInternal.panel), completionUrl: completionUrl ?? null });
}

/**
 * The study's question screen due on leaving `step`: the questions before the tasks on leaving
 * the URL step, those after them on the way to Finish (after the last task's own questions,
 * before the SUS).
 */
export function dueStudyPrompt(get: Getter, step: Step | undefined, then: 'next' | 'finish'): QuestionPrompt | null {
  const study = get(studyInternal.study);
  if (then === 'next' && step?.kind === 'url' && !study.answeredPre) return { kind: 'study', phase: 'pre', then };
  if (then === 'finish' && !study.answeredPost) return { kind: 'study', phase: 'post', then };
  return null;
}

/** A new attempt asks its own questions. */
export function resetStudy(set: Setter) {
  set(studyInternal.study, NO_STUDY);
  set(studyInternal.draft, []);
  set(studyInternal.heldPre, null);
}
