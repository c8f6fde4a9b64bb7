/**
 * The question screens' transitions (ADR 0012): saving a task's SEQ and success, then going on to
 * the next step or on towards Finish; saving the SUS, then finishing; or going back to the task.
 * The recording keeps running throughout; a failed save keeps the screen with its answers.
 */
import { atom } from 'jotai';
import { sendSusAnswer, sendTaskAnswer, type TaskSuccess } from '@/features/participate/api/send-answers';
import {
  dispatch,
  flowOf,
  internal,
  isCurrent,
  type QuestionDraft,
} from '@/features/participate/stores/participation-state';
import { finishAtom, moveStep } from '@/features/participate/stores/step-actions';

/** 'Siguiente' / 'Finish Analysis' on a task's questions; resolves false when saving failed. */
export const answerTaskAtom = atom(
  null,
  async (get, set, answer: { seq: number; success: TaskSuccess }): Promise<boolean> => {
    const { prompt, entryId, busy, generation } = flowOf(get);
    if (prompt?.kind !== 'task' || !entryId || busy) return false;
    dispatch(set, { type: 'busy', busy: 'answers' });
    try {
      await sendTaskAnswer(entryId, prompt.taskNumber, { ...answer, atMs: prompt.atMs });
    } catch {
      if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
      return false;
    }
    if (!isCurrent(get, generation)) return true;
    dispatch(set, { type: 'taskAnswered', taskNumber: prompt.taskNumber });
    if (prompt.then === 'next') moveStep(get, set, 1);
    // Towards Finish: the SUS next if asked, else the upload starts.
    else void set(finishAtom);
    return true;
  },
);

/** 'Finish Analysis' on the SUS: saves the ten answers (1–5, in item order), then finishes. */
export const answerSusAtom = atom(null, async (get, set, answers: number[]): Promise<boolean> => {
  const { prompt, entryId, busy, generation, snapshot } = flowOf(get);
  if (prompt?.kind !== 'sus' || !entryId || busy) return false;
  const { recorder } = get(internal.resources);
  const atMs = Math.max(0, Math.round(recorder ? recorder.state().elapsedMs : snapshot.elapsedMs) || 0);
  dispatch(set, { type: 'busy', busy: 'answers' });
  try {
    await sendSusAnswer(entryId, { answers, atMs });
  } catch {
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
    return false;
  }
  if (!isCurrent(get, generation)) return true;
  dispatch(set, { type: 'susAnswered' });
  void set(finishAtom);
  return true;
});

/** A choice on the question screen (a SUS answer by item index, 0 = item 1). */
export const chooseAtom = atom(
  null,
  (get, set, change: Partial<Omit<QuestionDraft, 'sus'>> | { susItem: number; value: number }) => {
    const { draft } = flowOf(get);
    if ('susItem' in change) {
      const sus = draft.sus.slice();
      sus[change.susItem] = change.value;
      dispatch(set, { type: 'draftChanged', draft: { ...draft, sus } });
      return;
    }
    dispatch(set, { type: 'draftChanged', draft: { ...draft, ...change } });
  },
);

/** 'Volver a la tarea': the screen closes unanswered; the next 'Siguiente' asks again. */
export const closePromptAtom = atom(null, (_get, set) => dispatch(set, { type: 'promptClosed' }));
