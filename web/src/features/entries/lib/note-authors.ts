/**
 * Who wrote a recording's notes (ADR 0019), for the player's filter by author: each author once,
 * in the order their first note comes on the timeline, and one entry for notes whose account is
 * gone (`UNKNOWN_AUTHOR`).
 */
import type { NoteDto } from '@/lib/api-types/NoteDto';

/** The filter value of notes without an author (the account was deleted). */
export const UNKNOWN_AUTHOR = '-';

export interface NoteAuthor {
  id: string;
  name: string;
}

export function notesAuthors(notes: readonly NoteDto[]): NoteAuthor[] {
  const seen = new Map<string, NoteAuthor>();
  for (const note of notes) {
    const id = note.author?.id ?? UNKNOWN_AUTHOR;
    if (!seen.has(id)) seen.set(id, { id, name: note.author?.name ?? '' });
  }
  return [...seen.values()];
}

/** The notes written by `authorId` (`UNKNOWN_AUTHOR`: by a deleted account). */
export function notesBy(notes: readonly NoteDto[], authorId: string): NoteDto[] {
  return notes.filter((note) => (note.author?.id ?? UNKNOWN_AUTHOR) === authorId);
}
