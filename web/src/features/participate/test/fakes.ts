/** Test doubles for the participate feature: media tracks and streams jsdom lacks, and a recorder session. */
import { vi } from 'vitest';
import {
  IDLE_SNAPSHOT,
  type RecorderSession,
  type RecorderSnapshot,
} from '@/features/participate/lib/recorder-session';

/** A MediaStreamTrack stand-in: an EventTarget, so tests can fire 'ended' like the browser does. */
export class FakeTrack extends EventTarget {
  stopped = false;
  constructor(
    readonly kind: 'video' | 'audio',
    private readonly surface = 'monitor',
  ) {
    super();
  }
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return this.kind === 'video' ? { displaySurface: this.surface } : {};
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
}

export const screenStream = () => new FakeStream([new FakeTrack('video')]) as unknown as MediaStream;
export const microphoneStream = () => new FakeStream([new FakeTrack('audio')]) as unknown as MediaStream;
export const firstTrack = (stream: MediaStream) => (stream as unknown as FakeStream).tracks[0] as FakeTrack;

export type FakeSession = RecorderSession & {
  start: ReturnType<typeof vi.fn<(stream: MediaStream, options?: unknown) => Promise<void>>>;
  markStep: ReturnType<typeof vi.fn<(index: number) => void>>;
  finish: ReturnType<typeof vi.fn<() => Promise<void>>>;
  abort: ReturnType<typeof vi.fn<() => Promise<void>>>;
  dispose: ReturnType<typeof vi.fn<() => void>>;
  /** Pushes a state change through the onChange listener, as the façade does. */
  emit: (change: Partial<RecorderSnapshot>) => void;
};

/** A recorder session that "records" at once and finishes successfully unless told otherwise. */
export function fakeSession(): FakeSession {
  let state: RecorderSnapshot = { ...IDLE_SNAPSHOT };
  let listener: ((state: RecorderSnapshot) => void) | undefined;
  return {
    start: vi.fn(async () => {
      state = { ...state, phase: 'recording', progress: 25 };
    }),
    markStep: vi.fn(),
    setTier: vi.fn(),
    state: () => state,
    steps: () => [],
    startedAt: () => (state.phase === 'idle' ? undefined : 1000),
    onChange: (callback) => {
      listener = callback;
    },
    finish: vi.fn(async () => {
      state = { ...state, phase: 'done', progress: 100 };
    }),
    abort: vi.fn(async () => {
      state = { ...state, phase: 'aborted' };
    }),
    dispose: vi.fn(),
    emit: (change) => {
      state = { ...state, ...change };
      listener?.(state);
    },
  };
}

export const participationAnswer = (entryId = 'entry-1') => ({
  success: true,
  analysisEntryId: entryId,
  analysisData: {
    scenario: 'Eres un cliente nuevo.',
    analysisUrl: 'example.com',
    tasks: [
      { taskType: 'text', taskContent: 'Busca un producto' },
      { taskType: 'text', taskContent: 'Lee https://example.com/ayuda y vuelve' },
      { taskType: 'text', taskContent: 'Añádelo al carrito' },
    ],
  },
});
