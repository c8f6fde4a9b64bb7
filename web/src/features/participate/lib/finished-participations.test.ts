/** Remembering a finished analysis for a day, so the thank-you survives a reload (ADR 0010). */
import { describe, expect, it, vi } from 'vitest';
import { FINISHED_FOR_MS, finishedLately, rememberFinished } from '@/features/participate/lib/finished-participations';

describe('finished participations', () => {
  it('remembers an analysis for FINISHED_FOR_MS, per analysis', () => {
    rememberFinished('an-1', 1_000);
    expect(finishedLately('an-1', 1_000)).toBe(true);
    expect(finishedLately('an-1', 1_000 + FINISHED_FOR_MS - 1)).toBe(true);
    expect(finishedLately('an-1', 1_000 + FINISHED_FOR_MS)).toBe(false);
    expect(finishedLately('an-2', 1_000)).toBe(false);
    expect(finishedLately('', 1_000)).toBe(false);
  });

  it('drops expired markers when it writes a new one, and leaves other keys alone', () => {
    window.localStorage.setItem('lupa:other', 'x');
    rememberFinished('old', 0);
    rememberFinished('new', FINISHED_FOR_MS + 5);
    expect(window.localStorage.getItem('lupa:finished:old')).toBeNull();
    expect(window.localStorage.getItem('lupa:finished:new')).toBe(String(FINISHED_FOR_MS + 5));
    expect(window.localStorage.getItem('lupa:other')).toBe('x');
  });

  it('ignores garbage, and works on without storage', () => {
    window.localStorage.setItem('lupa:finished:an-1', 'not a time');
    expect(finishedLately('an-1', 10)).toBe(false);
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => rememberFinished('an-1', 10)).not.toThrow();
    expect(finishedLately('an-1', 10)).toBe(false);
    blocked.mockRestore();
  });
});
