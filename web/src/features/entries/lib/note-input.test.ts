/** A note is checked before sending, with the server's messages' reasons. */
import { describe, expect, it } from 'vitest';
import { readNoteInput } from '@/features/entries/lib/note-input';

describe('readNoteInput', () => {
  it('accepts a moment inside the recording and trims the text', () => {
    expect(readNoteInput('00:05', '  Duda en el menú  ', 18_000)).toEqual({ ok: true, atMs: 5_000, text: 'Duda en el menú' });
  });

  it('allows one second of slack past the end, and any moment when the length is unknown', () => {
    expect(readNoteInput('00:19', 'x', 18_000).ok).toBe(true);
    expect(readNoteInput('00:20', 'x', 18_000)).toEqual({ ok: false, error: 'badTime' });
    expect(readNoteInput('10:00', 'x', 0).ok).toBe(true);
  });

  it('names the first problem', () => {
    expect(readNoteInput('ayer', 'x', 18_000)).toEqual({ ok: false, error: 'badTime' });
    expect(readNoteInput('00:01', '   ', 18_000)).toEqual({ ok: false, error: 'empty' });
    expect(readNoteInput('00:01', 'a'.repeat(2001), 18_000)).toEqual({ ok: false, error: 'tooLong' });
    expect(readNoteInput('00:01', 'a'.repeat(2000), 18_000).ok).toBe(true);
  });
});
