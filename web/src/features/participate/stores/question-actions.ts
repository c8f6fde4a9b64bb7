/**
 * The question screens' transitions (ADR 0012): saving a task's SEQ and success, then going on to
 * the next step or on towards Finish; saving the SUS, then finishing; or going back to the task.
 * The recording keeps running throughout; a failed save keeps the screen with its answers.
 */
import { atom, type Getter } from 'jotai';
import { sendSusAnswer, sendTaskAnswer, type TaskSuccess } from '@/features/participate/api/send-answers';
import { finishAtom, moveStep } from '@/features/participate/stores/participation-actions';
import { internal, type QuestionDraft } from '@/features/participate/stores/participation-state';

const isCurrent = (get: Getter, generation: number) => get(internal.generation) === generation;

/** 'Siguiente' / 'Finish Analysis' on a task's questions; resolves false when saving failed. */
export const answerTaskAtom = atom(
  null,
  async (get, set, answer: { seq: number; success: TaskSuccess }): Promise<boolean> => {
    const prompt = get(internal.prompt);
    const entryId = get(internal.entryId);
    if (prompt?.kind !== 'task' || !entryId || get(internal.busy)) return false;
    const generation = get(internal.generation);
    set(internal.busy, 'answers');
    try {
      await sendTaskAnswer(entryId, prompt.taskNumber, { ...answer, atMs: prompt.atMs });
    } catch {
      if (isCurrent(get, generation)) set(internal.busy, null);
      return false;
    }
    if (!isCurrent(get, generation)) return true;
    set(internal.busy, null);
    const questions = get(internal.questions);
    set(internal.questions, { ...questions, answeredTasks: [...questions.answeredTasks, prompt.taskNumber] });
    set(internal.prompt, null);
    if (prompt.then === 'next') moveStep(get, set, 1);
    // Towards Finish: the SUS next if asked, else the upload starts.
    else void set(finishAtom);
    return true;
  },
);

/** 'Finish Analysis' on the SUS: saves the ten answers (1–5, in item order), then finishes. */
export const answerSusAtom = atom(null, async (get, set, answers: number[]): Promise<boolean> => {
  const entryId = get(internal.entryId);
  if (get(internal.prompt)?.kind !== 'sus' || !entryId || get(internal.busy)) return false;
  const generation = get(internal.generation);
  const { recorder } = get(internal.resources);
  const atMs = Math.max(0, Math.round(recorder ? recorder.state().elapsedMs : get(internal.snapshot).elapsedMs) || 0);
  set(internal.busy, 'answers');
  try {
    await sendSusAnswer(entryId, { answers, atMs });
  } catch {
    if (isCurrent(get, generation)) set(internal.busy, null);
    return false;
  }
  if (!isCurrent(get, generation)) return true;
  set(internal.busy, null);
  set(internal.questions, { ...get(internal.questions), answeredSus: true });
  set(internal.prompt, null);
  void set(finishAtom);
  return true;
});

/** A choice on the question screen (a SUS answer by item index, 0 = item 1). */
export const chooseAtom = atom(
  null,
  (get, set, change: Partial<Omit<QuestionDraft, 'sus'>> | { susItem: number; value: number }) => {
    const draft = get(internal.draft);
    if ('susItem' in change) {
      const sus = draft.sus.slice();
      sus[change.susItem] = change.value;
      set(internal.draft, { ...draft, sus });
      return;
    }
    set(internal.draft, { ...draft, ...change });
  },
);

/** 'Volver a la tarea': the screen closes unanswered; the next 'Siguiente' asks again. */
export const closePromptAtom = atom(null, (get, set) => {
  if (get(internal.busy) !== 'answers') set(internal.prompt, null);
});
