/**
 * The question builder's state (issue 45): the screener and the questions before and after the
 * tasks as one editable shape, `QuestionDraft`, read from and written back to the API's DTOs without
 * loss (a saved study opens and saves unchanged), the edits the builder makes, and the server's
 * rules (`lupa_core::study::validate`) checked per question so the form can say what is wrong where.
 * Messages are locale keys under `analysis.form.advanced.builder.errors`.
 */
import type { ScreenerQuestionDto } from '@/lib/api-types/ScreenerQuestionDto';
import type { StudyQuestionDto } from '@/lib/api-types/StudyQuestionDto';

/** The server's limits (lupa_core::study). */
export const MAX_SCREENER_QUESTIONS = 5;
export const MAX_QUESTIONS = 10;
export const MAX_OPTIONS = 10;
export const MAX_TEXT = 500;

/** A screener question is single or multiple choice; the questions around the tasks may be any kind. */
export type BuilderMode = 'screener' | 'study';
export type QuestionKind = 'text' | 'single' | 'multiple' | 'scale5' | 'scale7';
export const KINDS: Record<BuilderMode, readonly QuestionKind[]> = {
  screener: ['single', 'multiple'],
  study: ['text', 'single', 'multiple', 'scale5', 'scale7'],
};

/** Where the builder puts focus after an edit (the element's `data-focus` within the question). */
export type FocusTarget = 'text' | 'handle' | 'up' | 'down' | `option-${number}` | `option-handle-${number}`;

export interface OptionDraft {
  text: string;
  /** Screener only: choosing it screens the participant out ('Descalifica'; the API's `accept: false`). */
  disqualifies: boolean;
}

export interface QuestionDraft {
  text: string;
  kind: QuestionKind;
  options: OptionDraft[];
}

export const hasOptions = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

export const fromScreener = (questions: readonly ScreenerQuestionDto[]): QuestionDraft[] =>
  questions.map((q) => ({
    text: q.text,
    kind: q.multiple ? 'multiple' : 'single',
    options: q.options.map((o) => ({ text: o.text, disqualifies: !o.accept })),
  }));

export const toScreener = (drafts: readonly QuestionDraft[]): ScreenerQuestionDto[] =>
  drafts.map((q) => ({
    text: q.text,
    multiple: q.kind === 'multiple',
    options: q.options.map((o) => ({ text: o.text, accept: !o.disqualifies })),
  }));

export const fromQuestions = (questions: readonly StudyQuestionDto[]): QuestionDraft[] =>
  questions.map((q) => ({
    text: q.text,
    kind:
      q.type === 'scale'
        ? q.scale === 7
          ? 'scale7'
          : 'scale5'
        : q.type === 'text'
          ? 'text'
          : (q.type as QuestionKind),
    options: (q.options ?? []).map((text) => ({ text, disqualifies: false })),
  }));

/** The API's shape: options only for choices, `scale` only for scales (as the server stores them). */
export const toQuestions = (drafts: readonly QuestionDraft[]): StudyQuestionDto[] =>
  drafts.map((q) =>
    q.kind === 'scale5' || q.kind === 'scale7'
      ? { text: q.text, type: 'scale', scale: q.kind === 'scale7' ? 7 : 5 }
      : q.kind === 'text'
        ? { text: q.text, type: 'text' }
        : { text: q.text, type: q.kind, options: q.options.map((o) => o.text) },
  );

const blankOption = (): OptionDraft => ({ text: '', disqualifies: false });

/** 'Añadir pregunta': a choice question with two empty options in the screener, open text elsewhere. */
export const newQuestion = (mode: BuilderMode): QuestionDraft =>
  mode === 'screener'
    ? { text: '', kind: 'single', options: [blankOption(), blankOption()] }
    : { text: '', kind: 'text', options: [] };

/** Changing the kind keeps the options typed so far; a choice gets at least two rows to fill in. */
export function withKind(question: QuestionDraft, kind: QuestionKind): QuestionDraft {
  if (!hasOptions(kind)) return { ...question, kind };
  const options = [...question.options];
  while (options.length < 2) options.push(blankOption());
  return { ...question, kind, options };
}

/** The list with the item at `from` moved to `to` (clamped to the list). */
export function move<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] =>
  items.map((existing, i) => (i === index ? item : existing));

export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

export const addOption = (question: QuestionDraft): QuestionDraft => ({
  ...question,
  options: [...question.options, blankOption()],
});

export type BuilderError =
  | 'textRequired'
  | 'screenerTextRequired'
  | 'options'
  | 'screenerOptions'
  | 'noAccept'
  | 'tooLong'
  | 'tooMany'
  | 'screenerTooMany';

const tooLong = (text: string) => [...text].length > MAX_TEXT;

/** What the server would refuse in one question, in its order; none when it would pass. */
export function questionErrors(question: QuestionDraft, mode: BuilderMode): BuilderError[] {
  const errors: BuilderError[] = [];
  const choices = hasOptions(question.kind);
  if (tooLong(question.text) || (choices && question.options.some((o) => tooLong(o.text)))) errors.push('tooLong');
  if (question.text.trim() === '') errors.push(mode === 'screener' ? 'screenerTextRequired' : 'textRequired');
  if (choices) {
    const count = question.options.length;
    if (count < 2 || count > MAX_OPTIONS || question.options.some((o) => o.text.trim() === '')) {
      errors.push(mode === 'screener' ? 'screenerOptions' : 'options');
    } else if (mode === 'screener' && question.options.every((o) => o.disqualifies)) {
      errors.push('noAccept');
    }
  }
  return errors;
}

/** The rule on the whole list (more questions than the server takes), if broken. */
export function listError(questions: readonly QuestionDraft[], mode: BuilderMode): BuilderError | null {
  const max = mode === 'screener' ? MAX_SCREENER_QUESTIONS : MAX_QUESTIONS;
  if (questions.length <= max) return null;
  return mode === 'screener' ? 'screenerTooMany' : 'tooMany';
}

export const listIsValid = (questions: readonly QuestionDraft[], mode: BuilderMode) =>
  listError(questions, mode) === null && questions.every((q) => questionErrors(q, mode).length === 0);

/** Whether the screener and both question lists would pass the server's rules. */
export const studyIsValid = (study: {
  screener: readonly ScreenerQuestionDto[];
  preQuestions: readonly StudyQuestionDto[];
  postQuestions: readonly StudyQuestionDto[];
}) =>
  listIsValid(fromScreener(study.screener), 'screener') &&
  listIsValid(fromQuestions(study.preQuestions), 'study') &&
  listIsValid(fromQuestions(study.postQuestions), 'study');
