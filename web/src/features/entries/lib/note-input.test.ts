/** A note is checked before sending, with the server's messages' reasons. */
import { describe, expect, it } from 'vitest';
import { readNoteFields, readNoteInput } from '@/features/entries/lib/note-input';

describe('readNoteInput', () => {
  it('accepts a moment inside the recording and trims the text', () => {
    expect(readNoteInput('00:05', '  Duda en el menú  ', 18_000)).toEqual({
      ok: true,
      atMs: 5_000,
      text: 'Duda en el menú',
    });
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

describe('readNoteFields', () => {
  const fields = (over: Partial<{ time: string; end: string; title: string; tags: string; text: string }>) => ({
    time: '00:03',
    end: '',
    title: '',
    tags: '',
    text: 'x',
    ...over,
  });

  it('reads a clip with a title and normalised tags', () => {
    expect(
      readNoteFields(
        fields({ end: '00:08', title: ' Se pierde ', tags: ' Navegación , pago   fallido,navegación,' }),
        18_000,
      ),
    ).toEqual({
      ok: true,
      atMs: 3000,
      endMs: 8000,
      title: 'Se pierde',
      tags: ['navegación', 'pago fallido'],
      text: 'x',
    });
  });

  it('lets a clip be just a title, but not a note', () => {
    expect(readNoteFields(fields({ end: '00:05', title: 'Duda', text: '' }), 18_000).ok).toBe(true);
    expect(readNoteFields(fields({ title: 'Duda', text: '' }), 18_000)).toEqual({ ok: false, error: 'empty' });
  });

  it('refuses an end before the start or past the recording, long titles and bad tags', () => {
    expect(readNoteFields(fields({ end: '00:03' }), 18_000)).toEqual({ ok: false, error: 'badEnd' });
    expect(readNoteFields(fields({ end: '00:20' }), 18_000)).toEqual({ ok: false, error: 'badEnd' });
    expect(readNoteFields(fields({ end: 'luego' }), 18_000)).toEqual({ ok: false, error: 'badEnd' });
    expect(readNoteFields(fields({ title: 'a'.repeat(201) }), 18_000)).toEqual({ ok: false, error: 'titleTooLong' });
    expect(readNoteFields(fields({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') }), 18_000)).toEqual({
      ok: false,
      error: 'tooManyTags',
    });
    expect(readNoteFields(fields({ tags: 'a'.repeat(41) }), 18_000)).toEqual({ ok: false, error: 'badTag' });
  });
});
