/**
 * The analysis stepper's pure rules (product §2 Participation flow, point 4): step 1 is the scenario,
 * step 2 the URL (https:// added when missing), then one step per task, whose URLs become links.
 */
import type { ParticipationData } from '@/lib/api-types/ParticipationData';
import { withHttps } from '@/lib/url';

export type Step =
  /** `text` is null when the analysis has no scenario: the step stays, with a neutral text. */
  | { kind: 'scenario'; text: string | null }
  | { kind: 'url'; href: string; label: string }
  /** `number` counts tasks from 1 ('Task N'). */
  | { kind: 'task'; number: number; segments: TextSegment[] };

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** The scenario worth showing: none when missing, blank or the create form's 'null' placeholder. */
export const visibleScenario = (scenario: string | null | undefined): string | null =>
  scenario && scenario.trim() !== '' && scenario.trim() !== 'null' ? scenario.trim() : null;

// http(s)://… or www.…, up to the next space; closing punctuation is trimmed off afterwards.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"»)\]}]+$/;

/**
 * Splits `text` into plain runs and links. Only http(s) links are made (www. gets https://), so a
 * task can never produce a `javascript:` href; a closing bracket stays when the URL opened one.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = url.match(TRAILING_PUNCTUATION)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    // "(see https://x.com/a_(b))": keep a ')' that closes a '(' inside the URL.
    if (trailing.startsWith(')') && url.includes('(') && !url.includes(')')) url += ')';
    if (!/[a-z0-9]/i.test(url.replace(/^(?:https?:\/\/|www\.)/i, ''))) continue;
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: url, href: withHttps(url) });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/**
 * Every step of an analysis: scenario, URL, then the tasks, in the order the server drew when the
 * analysis shuffles them (ADR 0017); each task keeps its original number.
 */
export function buildSteps(data: ParticipationData): Step[] {
  const url = data.analysisUrl.trim();
  const tasks = data.tasks
    .filter((task) => task.taskContent.trim() !== '')
    .map((task, i): Step => ({ kind: 'task', number: i + 1, segments: linkify(task.taskContent.trim()) }));
  const order = data.taskOrder;
  const ordered =
    order && order.length === tasks.length
      ? order
          .map((n) => tasks.find((step) => step.kind === 'task' && step.number === n))
          .filter((step): step is Step => step !== undefined)
      : tasks;
  return [
    { kind: 'scenario', text: visibleScenario(data.scenario) },
    { kind: 'url', href: withHttps(url), label: url },
    ...ordered,
  ];
}

/**
 * The step mark the recording gets for the step at `position` (chapters, time on task): task N is
 * mark N + 1 wherever it was shown, so the player and summary name tasks by their original number.
 */
export function markOf(steps: Step[], position: number): number {
  const step = steps[position];
  return step?.kind === 'task' ? step.number + 1 : position;
}

/** The position of the step a mark names (a resumed participation goes back to it). */
export function positionOf(steps: Step[], mark: number): number {
  const found = steps.findIndex((_, i) => markOf(steps, i) === mark);
  return found >= 0 ? found : 0;
}

/** Where the stepper is: 'Step X of N' (X from 1) and the percent bar, which reaches 100 on the last step. */
export function stepProgress(index: number, total: number) {
  const safeTotal = Math.max(total, 1);
  const current = Math.min(Math.max(index, 0), safeTotal - 1) + 1;
  return {
    current,
    total: safeTotal,
    percent: Math.round((current / safeTotal) * 100),
    isFirst: current === 1,
    isLast: current === safeTotal,
  };
}

/** What the analysis asks and what is answered, as far as the progress needs it. */
export interface QuestionProgress {
  taskQuestions: boolean;
  sus: boolean;
  answeredTasks: number[];
  answeredSus: boolean;
  /** The study asks questions before the tasks (on leaving the URL step) / after them (ADR 0017). */
  pre?: boolean;
  post?: boolean;
  /** Questions after the tasks still to answer before Finish (ADR 0017). */
  postPending?: boolean;
}

/** The question screen showing, if any. */
export type ScreenPrompt =
  { kind: 'task'; taskNumber: number } | { kind: 'study'; phase: 'pre' | 'post' } | { kind: 'sus' } | null;

/**
 * One screen of the participant's way through an analysis: a step of the stepper (by its position
 * in `steps`), or a question screen, which takes the step's place until answered.
 */
export type Screen =
  | { kind: 'step'; position: number }
  | { kind: 'pre' }
  | { kind: 'task'; taskNumber: number }
  | { kind: 'post' }
  | { kind: 'sus' };

/**
 * Every screen the participant goes through, in the order the flow shows them: the scenario, the
 * URL, the questions before the tasks, each task followed by its questions, then the questions
 * after the tasks and the SUS (ADR 0012, 0015, 0017). The one list 'Step X of N' counts: a screen
 * answered earlier (a resumed tab, going back) stays in it, so N never changes under the participant.
 */
export function participantScreens(steps: Step[], questions: QuestionProgress): Screen[] {
  const screens: Screen[] = [];
  steps.forEach((step, position) => {
    screens.push({ kind: 'step', position });
    if (step.kind === 'url' && questions.pre) screens.push({ kind: 'pre' });
    if (step.kind === 'task' && questions.taskQuestions) screens.push({ kind: 'task', taskNumber: step.number });
  });
  if (questions.post) screens.push({ kind: 'post' });
  if (questions.sus) screens.push({ kind: 'sus' });
  return screens;
}

/**
 * Which of `screens` shows: the question screen when one is open, the last screen once the
 * participant finished (the upload runs behind its window, nothing is left to show), else the step.
 */
export function currentScreen(screens: Screen[], index: number, prompt: ScreenPrompt, finishing = false): number {
  const found = screens.findIndex((screen) => {
    if (!prompt) return screen.kind === 'step' && screen.position === index;
    if (prompt.kind === 'task') return screen.kind === 'task' && screen.taskNumber === prompt.taskNumber;
    if (prompt.kind === 'study') return screen.kind === prompt.phase;
    return screen.kind === 'sus';
  });
  if (finishing && !prompt) return screens.length - 1;
  return found >= 0 ? found : 0;
}

/**
 * The stepper's progress over every screen (`participantScreens`). Without questions it is exactly
 * `stepProgress` over the steps (product §2.4's stepper). `isLast` ('Finish Analysis' instead of
 * 'Siguiente') holds only on the true last screen: the last step with nothing left to ask after it;
 * `atLastStep` says that 'Siguiente' there goes on towards Finish (its questions) rather than to
 * another step. `finishing`: the participant pressed the last 'Finish Analysis' (upload under way).
 */
export function screenProgress(
  steps: Step[],
  index: number,
  questions: QuestionProgress,
  prompt: ScreenPrompt,
  finishing = false,
) {
  const screens = participantScreens(steps, questions);
  const position = currentScreen(screens, index, prompt, finishing);
  const last = steps[steps.length - 1];
  const askedAfterLast =
    (questions.taskQuestions && last?.kind === 'task' && !questions.answeredTasks.includes(last.number)) ||
    (questions.sus && !questions.answeredSus) ||
    questions.postPending === true;
  const atLastStep = index >= steps.length - 1;
  return {
    ...stepProgress(position, screens.length),
    isFirst: index <= 0,
    isLast: atLastStep && !askedAfterLast,
    atLastStep,
  };
}

/** Elapsed time as mm:ss ('Duración'); minutes keep counting past 59. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
