/** The advanced options' text format (ADR 0017) round-trips and stays out of the spec's payload. */
import { describe, expect, it } from 'vitest';
import {
  emptyStudyForm,
  parseQuestions,
  parseScreener,
  questionsChanged,
  redirectPreview,
  toStudyRequest,
} from '@/features/analysis/lib/study-form';

describe('study form', () => {
  it('sends nothing while every option is the default', () => {
    expect(toStudyRequest(emptyStudyForm())).toEqual({});
  });

  it('reads questions of every type and screener options marked to reject', () => {
    expect(parseQuestions('¿Qué cambiarías?\n\n¿Cuánto?\nescala 7\n\n¿Cuál?\n- A\n- B\n\n¿Cuáles?\n+ A\n+ B')).toEqual([
      { text: '¿Qué cambiarías?', type: 'text' },
      { text: '¿Cuánto?', type: 'scale', scale: 7 },
      { text: '¿Cuál?', type: 'single', options: ['A', 'B'] },
      { text: '¿Cuáles?', type: 'multiple', options: ['A', 'B'] },
    ]);
    expect(parseScreener('¿Compras online?\n- Sí\n- No (rechazar)')).toEqual([
      {
        text: '¿Compras online?',
        multiple: false,
        options: [
          { text: 'Sí', accept: true },
          { text: 'No', accept: false },
        ],
      },
    ]);
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
    const before = {
      ...emptyStudyForm(),
      screener: '¿Compras?\n- Sí\n- No (rechazar)',
      postQuestions: '¿Qué cambiarías?',
    };
    expect(questionsChanged(before, { ...before, postQuestions: '  ¿Qué cambiarías?\n\n' })).toBe(false);
    expect(questionsChanged(before, { ...before, completionUrl: 'https://panel.example.com/done' })).toBe(false);
    expect(questionsChanged(before, { ...before, postQuestions: '¿Qué te gustó?' })).toBe(true);
    expect(questionsChanged(before, { ...before, screener: '¿Compras?\n- Sí\n- No' })).toBe(true);
    expect(questionsChanged(before, { ...before, preQuestions: '¿Edad?\nescala 5' })).toBe(true);
  });
});
