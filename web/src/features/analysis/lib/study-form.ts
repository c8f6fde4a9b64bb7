/**
 * The 'Opciones avanzadas' of the analysis form (ADR 0017) as plain text fields, and how they become
 * the API's `screener`, `questions`, `taskOrder` and `panel`. Questions are written one block per
 * question, blocks separated by an empty line: the first line is the question; then one option
 * per line, '- ' for single choice or '+ ' for multiple choice; a line 'escala 5' or 'escala 7'
 * makes a scale; no further line makes an open text question. In the screener, an option that
 * ends in '(rechazar)' sends the participant back. The server validates it all again.
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
  screener: string;
  preQuestions: string;
  postQuestions: string;
  /** The analysis already had options: send them even when cleared back to the defaults. */
  hadStudy: boolean;
}

export const emptyStudyForm = (): StudyFormInput => ({
  taskOrder: 'fixed',
  pidParam: 'pid',
  completionUrl: '',
  screenOutUrl: '',
  screener: '',
  preQuestions: '',
  postQuestions: '',
  hadStudy: false,
});

const REJECT = /\s*\(rechazar\)\s*$/i;
const blocks = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);

export function parseQuestions(text: string): StudyQuestionDto[] {
  return blocks(text).map(([title = '', ...rest]) => {
    const scale = rest.map((line) => /^escala\s+(5|7)$/i.exec(line)).find(Boolean);
    if (scale) return { text: title, type: 'scale', scale: Number(scale[1]) };
    if (rest.length === 0) return { text: title, type: 'text' };
    const multiple = rest.some((line) => line.startsWith('+'));
    return {
      text: title,
      type: multiple ? 'multiple' : 'single',
      options: rest.map((line) => line.replace(/^[-+]\s*/, '')),
    };
  });
}

export function parseScreener(text: string): ScreenerQuestionDto[] {
  return blocks(text).map(([title = '', ...rest]) => ({
    text: title,
    multiple: rest.some((line) => line.startsWith('+')),
    options: rest.map((line) => ({
      text: line.replace(/^[-+]\s*/, '').replace(REJECT, ''),
      accept: !REJECT.test(line),
    })),
  }));
}

function formatQuestions(questions: StudyQuestionDto[]): string {
  return questions
    .map((q) =>
      [
        q.text,
        ...(q.type === 'scale'
          ? [`escala ${q.scale ?? 5}`]
          : (q.options ?? []).map((o) => `${q.type === 'multiple' ? '+' : '-'} ${o}`)),
      ].join('\n'),
    )
    .join('\n\n');
}

function formatScreener(questions: ScreenerQuestionDto[]): string {
  return questions
    .map((q) =>
      [q.text, ...q.options.map((o) => `${q.multiple ? '+' : '-'} ${o.text}${o.accept ? '' : ' (rechazar)'}`)].join(
        '\n',
      ),
    )
    .join('\n\n');
}

/** The edit form's fields from the saved analysis. */
export function studyFormFrom(analysis: AnalysisDto): StudyFormInput {
  if (!analysis.panel) return emptyStudyForm();
  return {
    taskOrder: analysis.taskOrder === 'random' ? 'random' : 'fixed',
    pidParam: analysis.panel.pidParam,
    completionUrl: analysis.panel.completionUrl ?? '',
    screenOutUrl: analysis.panel.screenOutUrl ?? '',
    screener: formatScreener(analysis.screener?.questions ?? []),
    preQuestions: formatQuestions(analysis.questions?.pre ?? []),
    postQuestions: formatQuestions(analysis.questions?.post ?? []),
    hadStudy: true,
  };
}

/** A redirect as it will be built, with an example id in place of `{pid}`. */
export const redirectPreview = (url: string, example = 'ID123') =>
  url.trim().replaceAll('{pid}', encodeURIComponent(example));

/** The API's four fields, or none while everything is the default (the spec's payload). */
export function toStudyRequest(values: StudyFormInput): Partial<AnalysisRequest> {
  const empty = emptyStudyForm();
  const changed = (Object.keys(empty) as (keyof StudyFormInput)[]).some(
    (key) => key !== 'hadStudy' && String(values[key]).trim() !== String(empty[key]),
  );
  if (!changed && !values.hadStudy) return {};
  return {
    taskOrder: values.taskOrder,
    panel: {
      pidParam: values.pidParam.trim(),
      completionUrl: values.completionUrl.trim() || null,
      screenOutUrl: values.screenOutUrl.trim() || null,
    },
    screener: { questions: parseScreener(values.screener) },
    questions: { pre: parseQuestions(values.preQuestions), post: parseQuestions(values.postQuestions) },
  };
}

/** Whether the screener or the questions differ as the API would store them (blank lines and spacing aside). */
export function questionsChanged(before: StudyFormInput, after: StudyFormInput): boolean {
  const asked = (values: StudyFormInput) =>
    JSON.stringify([
      parseScreener(values.screener),
      parseQuestions(values.preQuestions),
      parseQuestions(values.postQuestions),
    ]);
  return asked(before) !== asked(after);
}
