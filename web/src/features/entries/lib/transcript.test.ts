/** The transcript panel's rules: chapters, the current line, search without case or accents, and a selection's clip range. */
import { describe, expect, it } from 'vitest';
import {
  chaptersOf,
  currentLineIndex,
  findMatches,
  normalize,
  rangeOfWords,
  transcribedUntil,
  wordsOf,
} from '@/features/entries/lib/transcript';
import type { TranscriptLineDto } from '@/lib/api-types/TranscriptLineDto';

const line = (start: number, end: number, text: string, task: number | null, timed = true): TranscriptLineDto => {
  const parts = text.split(' ');
  const step = (end - start) / parts.length;
  return {
    start_ms: start,
    end_ms: end,
    text,
    task_number: task,
    words: timed
      ? parts.map((word, index) => ({ start_ms: start + index * step, end_ms: start + (index + 1) * step, word }))
      : [],
  };
};

const lines = [
  line(500, 2_000, 'Hola, empiezo ya.', null),
  line(3_000, 6_000, 'Busco el botón de pagar', 1),
  line(7_000, 9_000, 'No encuentro el botón.', 1),
  line(12_000, 15_000, 'Ahora la búsqueda funciona', 2),
  line(16_000, 18_000, 'Vuelvo al botón', 1),
];

describe('chaptersOf', () => {
  it('groups consecutive lines of one task, outside-task lines apart, and a task returned to as its own chapter', () => {
    expect(chaptersOf(lines).map((chapter) => [chapter.taskNumber, chapter.first, chapter.lines.length])).toEqual([
      [null, 0, 1],
      [1, 1, 2],
      [2, 3, 1],
      [1, 4, 1],
    ]);
    expect(chaptersOf([])).toEqual([]);
  });
});

describe('currentLineIndex', () => {
  it('is none before the first line, the line being said, and the last one through the silence after it', () => {
    expect(currentLineIndex(lines, 0)).toBeNull();
    expect(currentLineIndex(lines, 500)).toBe(0);
    expect(currentLineIndex(lines, 2_500)).toBe(0);
    expect(currentLineIndex(lines, 3_000)).toBe(1);
    expect(currentLineIndex(lines, 8_999)).toBe(2);
    expect(currentLineIndex(lines, 60_000)).toBe(4);
    expect(currentLineIndex([], 1_000)).toBeNull();
  });
});

describe('findMatches', () => {
  it('finds words without case, accents or punctuation, in order, with the time of the first word', () => {
    expect(normalize('¡Botón,')).toBe('boton');
    expect(findMatches(lines, 'BOTON').map((match) => [match.line, match.from, match.startMs])).toEqual([
      [1, 2, 4_200],
      [2, 3, 8_500],
      [4, 2, 16_000 + (2 * 2_000) / 3],
    ]);
    expect(findMatches(lines, 'busqueda')).toHaveLength(1);
  });

  it('finds a phrase said in a row, and a partly typed word', () => {
    expect(findMatches(lines, 'no encuentro').map((match) => [match.line, match.from, match.to])).toEqual([[2, 0, 1]]);
    expect(findMatches(lines, 'encuent')).toHaveLength(1);
    expect(findMatches(lines, 'encuentro no')).toEqual([]);
    expect(findMatches(lines, '   ')).toEqual([]);
  });

  it('searches lines that came without word times, their words timed by length', () => {
    const untimed = [line(10_000, 14_000, 'abcd ef gh', 1, false)];
    expect(wordsOf(untimed[0]!).map((word) => [word.start_ms, word.end_ms])).toEqual([
      [10_000, 12_000],
      [12_000, 13_000],
      [13_000, 14_000],
    ]);
    expect(findMatches(untimed, 'gh').map((match) => match.startMs)).toEqual([13_000]);
  });
});

describe('rangeOfWords', () => {
  it('goes from the first selected word to the end of the last, whatever the order; none without words', () => {
    expect(
      rangeOfWords([
        { start_ms: 8_000, end_ms: 8_500 },
        { start_ms: 7_000, end_ms: 7_500 },
      ]),
    ).toEqual({ startMs: 7_000, endMs: 8_500 });
    expect(rangeOfWords([])).toBeNull();
  });

  it('knows how far a partial transcript has come', () => {
    expect(transcribedUntil(lines)).toBe(18_000);
    expect(transcribedUntil([])).toBe(0);
  });
});
