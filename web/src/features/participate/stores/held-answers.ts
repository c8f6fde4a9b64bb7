/**
 * The questions before the tasks answered before the permissions (issue 45): their answers wait in
 * the store until a place is claimed, then go to the server as given at the recording's start. Its
 * own module so that the input step, which reads the questions, does not download the sending.
 */
import type { Getter, Setter } from 'jotai';
import { sendStudyAnswers } from '@/features/participate/api/send-answers';
import { isCurrent } from '@/features/participate/stores/participation-state';
import { studyInternal } from '@/features/participate/stores/study-state';

/**
 * Sends the answers given before the permissions, at the recording's start (issue 45). If that
 * fails they are asked again where they used to be, after the URL step, with the answers filled in,
 * so nothing the participant gave is lost.
 */
export async function sendHeldAnswers(get: Getter, set: Setter, entryId: string, generation: number) {
  const held = get(studyInternal.heldPre);
  if (!held) return;
  set(studyInternal.heldPre, null);
  try {
    await sendStudyAnswers(entryId, 'pre', { answers: held, atMs: 0 });
  } catch {
    if (!isCurrent(get, generation)) return;
    set(studyInternal.study, { ...get(studyInternal.study), answeredPre: false, preAskedFirst: false });
    set(studyInternal.draft, held);
  }
}
