/**
 * The transcript panel's rules, apart from React (ADR 0018): lines grouped into task chapters, the
 * line under the playhead, the words a search finds, and the clip range of a selection of words.
 * Searching ignores case and accents ('Busqueda' finds 'búsqueda'), as researchers type quickly.
 */
import type { TranscriptLineDto } from '@/lib/api-types/TranscriptLineDto';
import type { TranscriptWordDto } from '@/lib/api-types/TranscriptWordDto';

export interface TranscriptChapter {
  /** The task the lines were said in, or null outside the tasks (before the first, after the last). */
  taskNumber: number | null;
  /** Index of the chapter's first line in the transcript. */
  first: number;
  lines: TranscriptLineDto[];
}

/** Consecutive lines of the same task make one chapter; a task returned to later starts another. */
export function chaptersOf(lines: readonly TranscriptLineDto[]): TranscriptChapter[] {
  const chapters: TranscriptChapter[] = [];
  lines.forEach((line, index) => {
    const last = chapters[chapters.length - 1];
    if (last && last.taskNumber === line.task_number) last.lines.push(line);
    else chapters.push({ taskNumber: line.task_number, first: index, lines: [line] });
  });
  return chapters;
}

/**
 * The line being said at `ms`: the last one started by then, kept through the silence after it
 * until the next begins (a highlight that blinks off between sentences is hard to follow); none
 * before the first line.
 */
export function currentLineIndex(lines: readonly TranscriptLineDto[], ms: number): number | null {
  let low = 0;
  let high = lines.length - 1;
  let found: number | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((lines[middle]?.start_ms ?? 0) <= ms) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * A line's words with times: the provider's when it gave them, else the text split on spaces with
 * the line's time shared out by length (good enough to seek near a word and to cut a clip).
 */
export function wordsOf(line: TranscriptLineDto): TranscriptWordDto[] {
  if (line.words.length > 0) return line.words;
  const parts = line.text.split(/\s+/).filter(Boolean);
  const total = parts.reduce((sum, part) => sum + part.length, 0) || 1;
  const span = Math.max(0, line.end_ms - line.start_ms);
  let at = line.start_ms;
  return parts.map((word) => {
    const start = at;
    at += Math.round((span * word.length) / total);
    return { start_ms: start, end_ms: Math.min(line.end_ms, at), word };
  });
}

/** Lower case, no accents, no punctuation around it: how a word is compared with a search. */
export const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

export interface WordMatch {
  line: number;
  /** First and last word of the match in `wordsOf(line)`. */
  from: number;
  to: number;
  startMs: number;
}

/**
 * Every place where the query's words are said in a row. Each query word must be contained in the
 * spoken word at its place ('encuentr' finds 'encuentro'), so a partly typed word already finds.
 */
export function findMatches(lines: readonly TranscriptLineDto[], query: string): WordMatch[] {
  const wanted = query.split(/\s+/).map(normalize).filter(Boolean);
  if (wanted.length === 0) return [];
  const matches: WordMatch[] = [];
  lines.forEach((line, lineIndex) => {
    const words = wordsOf(line);
    const spoken = words.map((word) => normalize(word.word));
    for (let from = 0; from + wanted.length <= spoken.length; from += 1) {
      if (wanted.every((part, offset) => spoken[from + offset]?.includes(part))) {
        matches.push({
          line: lineIndex,
          from,
          to: from + wanted.length - 1,
          startMs: words[from]?.start_ms ?? line.start_ms,
        });
      }
    }
  });
  return matches;
}

/** A selection of words as a clip: from the first word's start to the last word's end; null when it holds none. */
export function rangeOfWords(
  words: readonly Pick<TranscriptWordDto, 'start_ms' | 'end_ms'>[],
): { startMs: number; endMs: number } | null {
  if (words.length === 0) return null;
  const startMs = Math.min(...words.map((word) => word.start_ms));
  const endMs = Math.max(...words.map((word) => word.end_ms));
  return endMs > startMs ? { startMs, endMs } : null;
}

/** How far the transcript has come: the end of its last line. */
export const transcribedUntil = (lines: readonly TranscriptLineDto[]) =>
  lines.reduce((end, line) => Math.max(end, line.end_ms), 0);
