/** The advanced options (ADR 0017): a saved study round-trips unchanged and stays out of product §3's payload. */
import { describe, expect, it } from 'vitest';
import {
  emptyStudyForm,
  questionsChanged,
  redirectPreview,
  studyFormFrom,
  toStudyRequest,
} from '@/features/analysis/lib/study-form';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

const screener = [
  {
    text: '¿Compras online?',
    multiple: false,
    options: [
      { text: 'Sí', accept: true },
      { text: 'No', accept: false },
    ],
  },
];
const pre = [
  { text: '¿Cuánto?', type: 'scale', scale: 7 },
  { text: '¿Cuál?', type: 'single', options: ['A', 'B'] },
];
const post = [
  { text: '¿Qué cambiarías?', type: 'text' },
  { text: '¿Cuáles?', type: 'multiple', options: ['A', 'B'] },
];

describe('study form', () => {
  it('sends nothing while every option is the default', () => {
    expect(toStudyRequest(emptyStudyForm())).toEqual({});
  });

  it('sends a saved study back exactly as the API gave it', () => {
    const analysis = {
      taskOrder: 'random',
      panel: { pidParam: 'PROLIFIC_PID', completionUrl: 'https://panel.example.com/c?pid={pid}', screenOutUrl: null },
      screener: { questions: screener },
      questions: { pre, post },
    } as unknown as AnalysisDto;
    const request = toStudyRequest(studyFormFrom(analysis));
    expect(request).toEqual({
      taskOrder: 'random',
      panel: analysis.panel,
      screener: { questions: screener },
      questions: { pre, post },
    });
  });

  it('shows each redirect as it will be built', () => {
    expect(redirectPreview('https://panel.example.com/done?pid={pid}', 'a b')).toBe(
      'https://panel.example.com/done?pid=a%20b',
    );
    const request = toStudyRequest({ ...emptyStudyForm(), taskOrder: 'random', pidParam: 'PROLIFIC_PID' });
    expect(request.taskOrder).toBe('random');
    expect(request.panel).toEqual({ pidParam: 'PROLIFIC_PID', completionUrl: null, screenOutUrl: null });
  });

  it('tells a change of wording, options or screener from a change of spacing only', () => {
    const before = { ...emptyStudyForm(), screener, postQuestions: post };
    const spaced = [{ text: '  ¿Qué cambiarías?  ', type: 'text' }, post[1]!];
    expect(questionsChanged(before, { ...before, postQuestions: spaced })).toBe(false);
    expect(questionsChanged(before, { ...before, completionUrl: 'https://panel.example.com/done' })).toBe(false);
    expect(questionsChanged(before, { ...before, postQuestions: [{ text: '¿Qué te gustó?', type: 'text' }] })).toBe(
      true,
    );
    const accepting = [{ ...screener[0]!, options: screener[0]!.options.map((o) => ({ ...o, accept: true })) }];
    expect(questionsChanged(before, { ...before, screener: accepting })).toBe(true);
    expect(questionsChanged(before, { ...before, preQuestions: [{ text: '¿Edad?', type: 'scale', scale: 5 }] })).toBe(
      true,
    );
    expect(questionsChanged(before, { ...before, postQuestions: [post[1]!, post[0]!] })).toBe(true);
  });
});
