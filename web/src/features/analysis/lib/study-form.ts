/**
 * The 'Opciones avanzadas' of the analysis form (ADR 0017) and how they become the API's `screener`,
 * `questions`, `taskOrder` and `panel`. The screener and the questions are kept as the API's own
 * DTOs (the question builder edits them, issue 45), so a saved study goes back exactly as it came
 * unless the researcher changed it. The server validates it all again.
 */
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';
import type { ScreenerQuestionDto } from '@/lib/api-types/ScreenerQuestionDto';
import type { StudyQuestionDto } from '@/lib/api-types/StudyQuestionDto';

export interface StudyFormInput {
  taskOrder: 'fixed' | 'random';
  pidParam: string;
  completionUrl: string;
  screenOutUrl: string;
  screener: ScreenerQuestionDto[];
  preQuestions: StudyQuestionDto[];
  postQuestions: StudyQuestionDto[];
  /** The analysis already had options: send them even when cleared back to the defaults. */
  hadStudy: boolean;
}

export const emptyStudyForm = (): StudyFormInput => ({
  taskOrder: 'fixed',
  pidParam: 'pid',
  completionUrl: '',
  screenOutUrl: '',
  screener: [],
  preQuestions: [],
  postQuestions: [],
  hadStudy: false,
});

/** The edit form's fields from the saved analysis. */
export function studyFormFrom(analysis: AnalysisDto): StudyFormInput {
  if (!analysis.panel) return emptyStudyForm();
  return {
    taskOrder: analysis.taskOrder === 'random' ? 'random' : 'fixed',
    pidParam: analysis.panel.pidParam,
    completionUrl: analysis.panel.completionUrl ?? '',
    screenOutUrl: analysis.panel.screenOutUrl ?? '',
    screener: analysis.screener?.questions ?? [],
    preQuestions: analysis.questions?.pre ?? [],
    postQuestions: analysis.questions?.post ?? [],
    hadStudy: true,
  };
}

/** A redirect as it will be built, with an example id in place of `{pid}`. */
export const redirectPreview = (url: string, example = 'ID123') =>
  url.trim().replaceAll('{pid}', encodeURIComponent(example));

/** The API's four fields, or none while everything is the default (product §3's payload). */
export function toStudyRequest(values: StudyFormInput): Partial<AnalysisRequest> {
  const changed =
    values.taskOrder !== 'fixed' ||
    values.pidParam.trim() !== 'pid' ||
    [values.completionUrl, values.screenOutUrl].some((url) => url.trim() !== '') ||
    [values.screener, values.preQuestions, values.postQuestions].some((list) => list.length > 0);
  if (!changed && !values.hadStudy) return {};
  return {
    taskOrder: values.taskOrder,
    panel: {
      pidParam: values.pidParam.trim(),
      completionUrl: values.completionUrl.trim() || null,
      screenOutUrl: values.screenOutUrl.trim() || null,
    },
    screener: { questions: values.screener },
    questions: { pre: values.preQuestions, post: values.postQuestions },
  };
}

/** The texts as the server stores them: trimmed (and the kinds' unused fields left out). */
const asStored = (values: StudyFormInput) =>
  JSON.stringify([
    values.screener.map((q) => ({
      text: q.text.trim(),
      multiple: q.multiple ?? false,
      options: q.options.map((o) => ({ text: o.text.trim(), accept: o.accept })),
    })),
    ...[values.preQuestions, values.postQuestions].map((list) =>
      list.map((q) => ({
        text: q.text.trim(),
        type: q.type,
        options: q.type === 'single' || q.type === 'multiple' ? (q.options ?? []).map((o) => o.trim()) : [],
        scale: q.type === 'scale' ? q.scale : null,
      })),
    ),
  ]);

/** Whether the screener or the questions differ as the API would store them (spacing aside). */
export const questionsChanged = (before: StudyFormInput, after: StudyFormInput): boolean =>
  asStored(before) !== asStored(after);
