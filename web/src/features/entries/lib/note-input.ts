/**
 * Checks a note before it is sent, with the server's own messages: text required (trimmed) and at
 * most 2000 characters, the moment a valid time within the recording (one second of slack).
 */
import { parseClock } from '@/lib/time';

export const MAX_NOTE_LENGTH = 2000;

export type NoteInputError = 'empty' | 'tooLong' | 'badTime';

export type NoteInput = { ok: true; atMs: number; text: string } | { ok: false; error: NoteInputError };

export function readNoteInput(timeText: string, text: string, durationMs: number): NoteInput {
  const atMs = parseClock(timeText);
  if (atMs === null || (durationMs > 0 && atMs > durationMs + 1000)) return { ok: false, error: 'badTime' };
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'empty' };
  if ([...trimmed].length > MAX_NOTE_LENGTH) return { ok: false, error: 'tooLong' };
  return { ok: true, atMs, text: trimmed };
}

export const MAX_TITLE_LENGTH = 200;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 40;

export type ClipInputError = NoteInputError | 'badEnd' | 'titleTooLong' | 'tooManyTags' | 'badTag';

/** What the note editor sends: a clip when `endMs` is set. */
export interface NoteFields {
  atMs: number;
  endMs: number | null;
  title: string | null;
  tags: string[];
  text: string;
}

export type ClipInput = ({ ok: true } & NoteFields) | { ok: false; error: ClipInputError };

/** Tags as typed, comma-separated: trimmed, single-spaced, lower-case, without repeats (as the server stores them). */
export function readTags(text: string): string[] {
  const tags = text.split(',').map((tag) => tag.trim().replace(/\s+/g, ' ').toLowerCase());
  return [...new Set(tags.filter((tag) => tag.length > 0))];
}

/**
 * A note or clip as typed: the moment, an optional end (after the start, within the recording
 * plus a second), an optional title (≤ 200) and tags (≤ 10, 1–40 characters each). A note needs
 * text; a clip may have just a title.
 */
export function readNoteFields(
  fields: { time: string; end: string; title: string; tags: string; text: string },
  durationMs: number,
): ClipInput {
  const atMs = parseClock(fields.time);
  if (atMs === null || (durationMs > 0 && atMs > durationMs + 1000)) return { ok: false, error: 'badTime' };
  let endMs: number | null = null;
  if (fields.end.trim()) {
    endMs = parseClock(fields.end);
    if (endMs === null || endMs <= atMs || (durationMs > 0 && endMs > durationMs + 1000))
      return { ok: false, error: 'badEnd' };
  }
  const title = fields.title.trim() || null;
  if (title && [...title].length > MAX_TITLE_LENGTH) return { ok: false, error: 'titleTooLong' };
  const text = fields.text.trim();
  if (!text && !(endMs !== null && title)) return { ok: false, error: 'empty' };
  if ([...text].length > MAX_NOTE_LENGTH) return { ok: false, error: 'tooLong' };
  const tags = readTags(fields.tags);
  if (tags.length > MAX_TAGS) return { ok: false, error: 'tooManyTags' };
  if (tags.some((tag) => [...tag].length > MAX_TAG_LENGTH)) return { ok: false, error: 'badTag' };
  return { ok: true, atMs, endMs, title, tags, text };
}
