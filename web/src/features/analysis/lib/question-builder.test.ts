/** The question builder's state: DTOs in and out without loss, its edits, and the server's rules per question. */
import { describe, expect, it } from 'vitest';
import openapi from '../../../../../edge-worker/api-types/openapi.json';
import {
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_SCREENER_QUESTIONS,
  MAX_TEXT,
  fromQuestions,
  fromScreener,
  listError,
  move,
  newQuestion,
  questionErrors,
  studyIsValid,
  toQuestions,
  toScreener,
  withKind,
  type QuestionDraft,
} from '@/features/analysis/lib/question-builder';
import type { ScreenerQuestionDto } from '@/lib/api-types/ScreenerQuestionDto';
import type { StudyQuestionDto } from '@/lib/api-types/StudyQuestionDto';

const screener: ScreenerQuestionDto[] = [
  {
    text: '¿Compras online?',
    multiple: false,
    options: [
      { text: 'Sí', accept: true },
      { text: 'No', accept: false },
    ],
  },
  { text: '¿Qué usas?', multiple: true, options: ['Móvil', 'Ordenador'].map((text) => ({ text, accept: true })) },
];
const questions: StudyQuestionDto[] = [
  { text: '¿Qué cambiarías?', type: 'text' },
  { text: '¿Cuánto?', type: 'scale', scale: 7 },
  { text: '¿Y ahora?', type: 'scale', scale: 5 },
  { text: '¿Cuál?', type: 'single', options: ['A', 'B'] },
  { text: '¿Cuáles?', type: 'multiple', options: ['A', 'B', 'C'] },
];

describe('question builder state', () => {
  it('reads every kind and writes it back unchanged', () => {
    expect(toScreener(fromScreener(screener))).toEqual(screener);
    expect(toQuestions(fromQuestions(questions))).toEqual(questions);
    expect(fromQuestions(questions).map((q) => q.kind)).toEqual(['text', 'scale7', 'scale5', 'single', 'multiple']);
    expect(fromScreener(screener)[0]?.options.map((o) => o.disqualifies)).toEqual([false, true]);
  });

  it("writes 'Descalifica' as the API's accept: false", () => {
    const [first] = fromScreener(screener) as [QuestionDraft];
    const flipped = { ...first, options: first.options.map((o) => ({ ...o, disqualifies: !o.disqualifies })) };
    expect(toScreener([flipped])[0]?.options).toEqual([
      { text: 'Sí', accept: false },
      { text: 'No', accept: true },
    ]);
  });

  it('changes the kind keeping the options, with two rows to fill for a new choice', () => {
    const open = newQuestion('study');
    expect(open).toEqual({ text: '', kind: 'text', options: [] });
    const single = withKind({ ...open, text: '¿Cuál?' }, 'single');
    expect(single.options).toHaveLength(2);
    const scale = withKind({ ...single, options: [{ text: 'A', disqualifies: false }, ...single.options] }, 'scale7');
    expect(toQuestions([scale])).toEqual([{ text: '¿Cuál?', type: 'scale', scale: 7 }]);
    expect(withKind(scale, 'multiple').options.map((o) => o.text)).toEqual(['A', '', '']);
    expect(newQuestion('screener').kind).toBe('single');
  });

  it('moves an item and clamps to the ends', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });

  it("says what the server would refuse, with the server's wording keys", () => {
    expect(questionErrors(newQuestion('study'), 'study')).toEqual(['textRequired']);
    expect(questionErrors(newQuestion('screener'), 'screener')).toEqual(['screenerTextRequired', 'screenerOptions']);
    const allOut = withKind({ text: '¿Edad?', kind: 'single', options: [] }, 'single');
    const named = { ...allOut, options: allOut.options.map((_, i) => ({ text: `${i}`, disqualifies: true })) };
    expect(questionErrors(named, 'screener')).toEqual(['noAccept']);
    expect(questionErrors(named, 'study')).toEqual([]);
    expect(questionErrors({ ...named, text: 'x'.repeat(501) }, 'study')).toEqual(['tooLong']);
    const eleven = Array.from({ length: 11 }, () => ({ text: 'o', disqualifies: false }));
    expect(questionErrors({ ...named, options: eleven }, 'study')).toEqual(['options']);
    expect(
      listError(
        Array.from({ length: 6 }, () => named),
        'screener',
      ),
    ).toBe('screenerTooMany');
    expect(
      listError(
        Array.from({ length: 10 }, () => named),
        'study',
      ),
    ).toBeNull();
    expect(
      listError(
        Array.from({ length: 11 }, () => named),
        'study',
      ),
    ).toBe('tooMany');
  });

  it('accepts a valid study and refuses one with a blank question', () => {
    expect(studyIsValid({ screener, preQuestions: questions, postQuestions: [] })).toBe(true);
    expect(studyIsValid({ screener, preQuestions: [], postQuestions: [{ text: ' ', type: 'text' }] })).toBe(false);
  });
});

describe("the builder's limits", () => {
  // The OpenAPI document is generated from lupa_core::study's constants: a limit changed on the
  // server fails here instead of letting the form accept what the server refuses.
  it('are the ones the server states', () => {
    const schemas = openapi.components.schemas;
    expect(schemas.ScreenerDto.properties.questions.maxItems).toBe(MAX_SCREENER_QUESTIONS);
    expect(schemas.StudyQuestionsDto.properties.pre.maxItems).toBe(MAX_QUESTIONS);
    expect(schemas.StudyQuestionsDto.properties.post.maxItems).toBe(MAX_QUESTIONS);
    expect(schemas.ScreenerQuestionDto.properties.options.maxItems).toBe(MAX_OPTIONS);
    expect(schemas.ScreenerQuestionDto.properties.text.maxLength).toBe(MAX_TEXT);
    expect(schemas.ScreenerOptionDto.properties.text.maxLength).toBe(MAX_TEXT);
  });
});
