/** The façade wrapper: a module without Recorder is 'RecorderUnsupported'; states are normalised; free() once. */
import { describe, expect, it, vi } from 'vitest';

const loader = vi.hoisted(() => ({ module: {} as Record<string, unknown> }));
vi.mock('@/features/participate/lib/load-recorder', () => ({ loadRecorder: async () => loader.module }));

const { createRecorderSession, normalizeSnapshot } = await import('@/features/participate/lib/recorder-session');

describe('createRecorderSession', () => {
  it("rejects with 'RecorderUnsupported' when the wasm package has no Recorder yet", async () => {
    loader.module = { pickMimeType: () => undefined, candidateMimeTypes: () => [] };
    await expect(createRecorderSession('e1')).rejects.toMatchObject({ name: 'RecorderUnsupported' });
  });

  it('builds the Recorder with the entry id and /api/v1, forwards calls, and frees it once', async () => {
    const made: unknown[][] = [];
    const free = vi.fn();
    const markStep = vi.fn();
    class Recorder {
      constructor(...args: unknown[]) {
        made.push(args);
      }
      start = vi.fn(async () => {});
      markStep = markStep;
      state = () => new Map<string, unknown>([['phase', 'recording'], ['elapsedMs', 1500], ['progress', 140]]);
      onChange = (callback: (state: unknown) => void) => callback({ phase: 'bogus', retrying: true });
      finish = vi.fn(async () => {});
      abort = vi.fn(async () => {});
      elapsedMs = () => 0;
      free = free;
    }
    loader.module = { Recorder };
    const session = await createRecorderSession('e1');
    expect(made).toEqual([['e1', '/api/v1']]);
    expect(session.state()).toMatchObject({ phase: 'recording', elapsedMs: 1500, progress: 100, retrying: false });
    const seen: unknown[] = [];
    session.onChange((state) => seen.push(state));
    expect(seen[0]).toMatchObject({ phase: 'idle', retrying: true, elapsedMs: 0 });
    session.markStep(2);
    session.dispose();
    session.dispose();
    session.markStep(3);
    expect(markStep.mock.calls).toEqual([[2]]);
    expect(free).toHaveBeenCalledTimes(1);
    expect(session.state().phase).toBe('idle');
  });
});

describe('normalizeSnapshot', () => {
  it('fills what is missing and drops what is malformed', () => {
    expect(normalizeSnapshot(undefined)).toMatchObject({ phase: 'idle', progress: 0, lastError: undefined });
    expect(normalizeSnapshot({ phase: 'failed', lastError: 'boom', progress: Number.NaN })).toMatchObject({
      phase: 'failed',
      lastError: 'boom',
      progress: 0,
    });
  });
});
