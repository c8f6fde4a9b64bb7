/**
 * The participant's answers (ADR 0012), sent with the participation's capability cookie:
 * PUT …/answers/tasks/{n} after a task and PUT …/answers/sus before Finish. Sending again replaces
 * the stored answer, so a retry is safe.
 */
import { put } from '@/lib/api-client';
import type { QuestionAnswersRequest } from '@/lib/api-types/QuestionAnswersRequest';
import type { QuestionAnswersResponse } from '@/lib/api-types/QuestionAnswersResponse';
import type { SusAnswerDto } from '@/lib/api-types/SusAnswerDto';
import type { SusAnswerRequest } from '@/lib/api-types/SusAnswerRequest';
import type { TaskAnswerDto } from '@/lib/api-types/TaskAnswerDto';
import type { TaskAnswerRequest } from '@/lib/api-types/TaskAnswerRequest';
import { apiPaths } from '@/lib/api-paths';

export type TaskSuccess = 'yes' | 'no' | 'unsure';

export const sendTaskAnswer = (
  entryId: string,
  taskNumber: number,
  answer: { seq: number; success: TaskSuccess; atMs: number },
) => put<TaskAnswerDto>(apiPaths.entryTaskAnswer(entryId, taskNumber), answer satisfies TaskAnswerRequest);

export const sendSusAnswer = (entryId: string, answer: { answers: number[]; atMs: number }) =>
  put<SusAnswerDto>(apiPaths.entrySusAnswer(entryId), answer satisfies SusAnswerRequest);

/** The answers to the questions before ('pre') or after ('post') the tasks (ADR 0017), one per question. */
export const sendStudyAnswers = (entryId: string, phase: 'pre' | 'post', body: QuestionAnswersRequest) =>
  put<QuestionAnswersResponse>(apiPaths.entryQuestionAnswers(entryId, phase), body);
