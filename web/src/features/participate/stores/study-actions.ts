/**
 * Panel-study transitions (ADR 0017): the screener's 'Continuar' (screened in → permissions;
 * screened out → the polite page or the panel's screen-out URL, with nothing recorded and no
 * place taken), and saving the questions before or after the tasks, then going on as the task
 * questions do. The recording keeps running while they are answered.
 */
import { atom } from 'jotai';
import { screen } from '@/features/participate/api/screen';
import { sendStudyAnswers } from '@/features/participate/api/send-answers';
import { dispatch, flowOf, internal, isCurrent } from '@/features/participate/stores/participation-state';
import { finishAtom, moveStep } from '@/features/participate/stores/step-actions';
import { answered, studyInternal, type StudyAnswerDraft } from '@/features/participate/stores/study-state';

/** A screener choice: `multiple` toggles the option, otherwise it replaces the answer. */
export const chooseScreenerAtom = atom(
  null,
  (get, set, change: { question: number; option: number; multiple: boolean }) => {
    const draft = get(studyInternal.screenerDraft).slice();
    const current = draft[change.question] ?? [];
    draft[change.question] = change.multiple
      ? current.includes(change.option)
        ? current.filter((o) => o !== change.option)
        : [...current, change.option].sort((a, b) => a - b)
      : [change.option];
    set(studyInternal.screenerDraft, draft);
  },
);

/** 'Continuar' on the screener. */
export const submitScreenerAtom = atom(null, async (get, set) => {
  const panel = get(studyInternal.panel);
  const questions = panel.screener ?? [];
  const draft = get(studyInternal.screenerDraft);
  if (flowOf(get).busy) return;
  if (questions.some((_, i) => !draft[i]?.length)) {
    set(studyInternal.screenerError, 'required');
    return;
  }
  const { generation, analysisId } = flowOf(get);
  set(studyInternal.screenerError, null);
  dispatch(set, { type: 'busy', busy: 'validate' });
  try {
    const verdict = await screen(analysisId, draft, panel.pid);
    if (!isCurrent(get, generation)) return;
    if (verdict.accepted) {
      set(studyInternal.panel, { ...get(studyInternal.panel), screenerAnswers: draft });
      dispatch(set, { type: 'screened', accepted: true });
    } else if (verdict.screenOutUrl) {
      window.location.assign(verdict.screenOutUrl);
    } else {
      dispatch(set, { type: 'screened', accepted: false });
    }
  } catch {
    if (isCurrent(get, generation)) set(studyInternal.screenerError, 'failed');
  } finally {
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
  }
});

/**
 * 'Continuar' on the questions before the tasks, asked before the permissions (issue 45): the
 * answers are held until a place is claimed (held-answers.ts), and the permissions come next.
 */
export const answerEarlyQuestionsAtom = atom(null, (get, set): 'required' | true => {
  const questions = get(studyInternal.earlyQuestions);
  const draft = get(studyInternal.draft);
  if (questions.some((q, i) => !answered(q, draft[i]))) return 'required';
  set(
    studyInternal.heldPre,
    questions.map((_, i) => draft[i] ?? {}),
  );
  set(studyInternal.draft, []);
  dispatch(set, { type: 'questionsAnswered' });
  return true;
});

/** An answer on the study's question screen (question index in its phase). */
export const chooseStudyAtom = atom(null, (get, set, change: { index: number; answer: StudyAnswerDraft }) => {
  const draft = get(studyInternal.draft).slice();
  draft[change.index] = change.answer;
  set(studyInternal.draft, draft);
});

/** 'Siguiente' / 'Finish Analysis' on the study's questions; false when incomplete or not saved. */
export const answerStudyAtom = atom(null, async (get, set): Promise<'required' | 'failed' | true> => {
  const { prompt, entryId, busy, generation, snapshot } = flowOf(get);
  if (prompt?.kind !== 'study' || !entryId || busy) return 'failed';
  const study = get(studyInternal.study);
  const questions = prompt.phase === 'pre' ? study.pre : study.post;
  const draft = get(studyInternal.draft);
  if (questions.some((q, i) => !answered(q, draft[i]))) return 'required';
  const { recorder } = get(internal.resources);
  const atMs = Math.max(0, Math.round(recorder ? recorder.state().elapsedMs : snapshot.elapsedMs) || 0);
  dispatch(set, { type: 'busy', busy: 'answers' });
  try {
    await sendStudyAnswers(entryId, prompt.phase, { answers: questions.map((_, i) => draft[i] ?? {}), atMs });
  } catch {
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
    return 'failed';
  }
  if (!isCurrent(get, generation)) return true;
  set(studyInternal.study, {
    ...get(studyInternal.study),
    [prompt.phase === 'pre' ? 'answeredPre' : 'answeredPost']: true,
  });
  set(studyInternal.draft, []);
  dispatch(set, { type: 'studyAnswered' });
  if (prompt.then === 'next') moveStep(get, set, 1);
  else void set(finishAtom);
  return true;
});
