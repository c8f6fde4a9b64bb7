/**
 * Panel studies on the participant's side (ADR 0017): the screener before any permission, the
 * panel's participant id from the invite link, the questions before the first task and before
 * Finish, and where the participant goes at the end. Primitive atoms live in `studyInternal`
 * (stores folder only); screens read the derived atoms.
 */
import { atom } from 'jotai';
import type { ParticipantScreenerQuestion } from '@/lib/api-types/ParticipantScreenerQuestion';
import type { StudyQuestionDto } from '@/lib/api-types/StudyQuestionDto';

export type StudyPhase = 'pre' | 'post';

/** The questions of this participation and which phases are answered. */
export interface StudyState {
  pre: StudyQuestionDto[];
  post: StudyQuestionDto[];
  answeredPre: boolean;
  answeredPost: boolean;
  /** The questions before the tasks were asked before the permissions (issue 45), not as a step. */
  preAskedFirst: boolean;
}

/** One answer being given: text, chosen option indexes, or a scale value. */
export interface StudyAnswerDraft {
  text?: string;
  choices?: number[];
  value?: number;
}

/** What the invite link and the screener carry into the participation. */
export interface PanelState {
  pid: string | null;
  screener: ParticipantScreenerQuestion[] | null;
  screenerAnswers: number[][] | null;
  completionUrl: string | null;
}

export const NO_STUDY: StudyState = { pre: [], post: [], answeredPre: true, answeredPost: true, preAskedFirst: false };
export const NO_PANEL: PanelState = { pid: null, screener: null, screenerAnswers: null, completionUrl: null };

export const studyInternal = {
  study: atom<StudyState>(NO_STUDY),
  draft: atom<StudyAnswerDraft[]>([]),
  panel: atom<PanelState>(NO_PANEL),
  /** The screener's own draft (option indexes per question) and its error. */
  screenerDraft: atom<number[][]>([]),
  screenerError: atom<'required' | 'failed' | null>(null),
  /**
   * The questions before the tasks as validate gave them, asked before the permissions (issue 45),
   * and their answers, held until a place is claimed and then sent.
   */
  earlyQuestions: atom<StudyQuestionDto[]>([]),
  heldPre: atom<StudyAnswerDraft[] | null>(null),
};

export const studyAtom = atom((get) => get(studyInternal.study));
export const studyDraftAtom = atom((get) => get(studyInternal.draft));
export const screenerAtom = atom((get) => ({
  questions: get(studyInternal.panel).screener ?? [],
  draft: get(studyInternal.screenerDraft),
  error: get(studyInternal.screenerError),
}));
export const earlyQuestionsAtom = atom((get) => get(studyInternal.earlyQuestions));
export const completionUrlAtom = atom((get) => get(studyInternal.panel).completionUrl);

/** The participant id as panels send it: 1–64 of letters, digits, '-' and '_' (as the server checks). */
export const validPid = (pid: string) => /^[A-Za-z0-9_-]{1,64}$/.test(pid);

/** Whether an answer is complete for its question (text: not blank; single: one; multiple: one or more). */
export function answered(question: StudyQuestionDto, answer: StudyAnswerDraft | undefined): boolean {
  if (!answer) return false;
  if (question.type === 'text') return (answer.text ?? '').trim() !== '';
  if (question.type === 'scale') return typeof answer.value === 'number';
  return (answer.choices?.length ?? 0) > 0;
}
