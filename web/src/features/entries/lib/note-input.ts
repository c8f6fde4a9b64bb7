/**
 * Checks a note before it is sent, with the server's own messages: text required (trimmed) and at
 * most 2000 characters, the moment a valid time within the recording (one second of slack).
 */
import { parseClock } from '@/features/entries/lib/time';

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
