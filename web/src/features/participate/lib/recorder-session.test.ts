/**
 * The façade wrapper: a module without Recorder is 'RecorderUnsupported'; states are normalised;
 * start options pass through; free() once; what the device holds is read.
 */
import { describe, expect, it, vi } from 'vitest';

const loader = vi.hoisted(() => ({ module: {} as Record<string, unknown> }));
vi.mock('@/features/participate/lib/load-recorder', () => ({ loadRecorder: async () => loader.module }));

const { createRecorderSession, normalizeSnapshot, pendingOnDevice } =
  await import('@/features/participate/lib/recorder-session');

describe('createRecorderSession', () => {
  it("rejects with 'RecorderUnsupported' when the wasm package has no Recorder yet", async () => {
    loader.module = { pickMimeType: () => undefined, candidateMimeTypes: () => [] };
    await expect(createRecorderSession('e1')).rejects.toMatchObject({ name: 'RecorderUnsupported' });
  });

  it('builds the Recorder with the entry id and /api/v1, forwards calls, and frees it once', async () => {
    const made: unknown[][] = [];
    const free = vi.fn();
    const markStep = vi.fn();
    const start = vi.fn(async (..._args: unknown[]) => {});
    class Recorder {
      constructor(...args: unknown[]) {
        made.push(args);
      }
      start = start;
      markStep = markStep;
      state = () =>
        new Map<string, unknown>([
          ['phase', 'recording'],
          ['elapsedMs', 1500],
          ['progress', 140],
        ]);
      onChange = (callback: (state: unknown) => void) => callback({ phase: 'bogus', retrying: true });
      finish = vi.fn(async () => {});
      abort = vi.fn(async () => {});
      elapsedMs = () => 0;
      free = free;
    }
    loader.module = { Recorder };
    const session = await createRecorderSession('e1');
    expect(made).toEqual([['e1', '/api/v1', 'screen']]);
    const stream = {} as MediaStream;
    await session.start(stream, { recordedMs: 61_000, steps: [{ index: 2, atMs: 30_000 }] });
    await session.start(stream);
    expect(start.mock.calls).toEqual([
      [stream, { recordedMs: 61_000, steps: [{ index: 2, atMs: 30_000 }] }],
      [stream, undefined],
    ]);
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

describe('what the device holds', () => {
  it("reads an entry's chunks through the static helper", async () => {
    loader.module = {
      Recorder: class {
        static pending = async (entryId: string) => ({
          chunks: entryId === 'e1' ? 3 : 0,
          bytes: 4096,
          lastEndMs: 42_000,
        });
      },
    };
    await expect(pendingOnDevice('e1')).resolves.toEqual({ chunks: 3, bytes: 4096, lastEndMs: 42_000 });
    await expect(pendingOnDevice('e2')).resolves.toMatchObject({ chunks: 0 });
  });

  it('reports nothing pending when the recorder is unavailable or its storage fails', async () => {
    loader.module = {};
    await expect(pendingOnDevice('e1')).resolves.toEqual({ chunks: 0, bytes: 0, lastEndMs: 0 });
    loader.module = {
      Recorder: class {
        static pending = async () => {
          throw new Error('no IndexedDB');
        };
      },
    };
    await expect(pendingOnDevice('e1')).resolves.toEqual({ chunks: 0, bytes: 0, lastEndMs: 0 });
  });
});

describe('normalizeSnapshot', () => {
  it('keeps the chunk, connectivity, storage and limit fields', () => {
    const fields = {
      chunksUploaded: 12,
      pendingChunks: 3,
      pendingBytes: 420_000,
      online: false,
      storage: 'memory',
      limitMessage: 'La grabación ha alcanzado la duración máxima permitida.',
    };
    expect(normalizeSnapshot({ phase: 'recording', ...fields })).toMatchObject(fields);
    expect(normalizeSnapshot({ storage: 'cloud', online: 'yes' })).toMatchObject({
      storage: 'device',
      online: true,
      limitMessage: undefined,
    });
  });

  it('fills what is missing and drops what is malformed', () => {
    expect(normalizeSnapshot(undefined)).toMatchObject({ phase: 'idle', progress: 0, lastError: undefined });
    expect(normalizeSnapshot({ phase: 'failed', lastError: 'boom', progress: Number.NaN })).toMatchObject({
      phase: 'failed',
      lastError: 'boom',
      progress: 0,
    });
  });
});
