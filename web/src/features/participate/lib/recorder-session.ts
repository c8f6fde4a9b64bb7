/**
 * The participate feature's only view of the recorder wasm façade (`Recorder` from '@lupa/recorder'):
 * it loads the module lazily, normalises what the façade reports, and guards against calls after
 * `free()`. If the generated API changes shape, this is the one file to adapt. What the device
 * still holds for an entry (a crashed or offline tab, ADR 0005) is read here too.
 */
import type { PendingChunks, RecorderStartOptions, RecorderState, RecorderTrack } from '@lupa/recorder';
import { API_BASE_PATH } from '@/config/constants';
import { loadRecorder } from '@/features/participate/lib/load-recorder';

export type RecorderPhase = RecorderState['phase'];
export type RecorderSnapshot = RecorderState;
export type { PendingChunks, RecorderStartOptions, RecorderTrack };

/** Error names the façade uses (plus 'RecorderUnsupported' when the module has no Recorder). */
export type RecorderErrorName =
  | 'RecorderUnsupported'
  | 'RecordingStartError'
  | 'UploadSetupError'
  | 'UploadFailed'
  | 'RecordingEmpty'
  | 'RecordingError'
  | 'RecordingAborted'
  | 'StorageError';

/** One participation's recording, as the rest of the feature uses it. */
export interface RecorderSession {
  /**
   * Starts recording `stream` as a new segment, uploading it in chunks kept on the device until
   * acknowledged; `options` is the server's resume info when continuing a participation.
   */
  start(stream: MediaStream, options?: RecorderStartOptions): Promise<void>;
  /** Moves to quality `tier` with a new segment (the camera following the screen, ADR 0023). */
  setTier(tier: number, alignTo?: number): void;
  /** Step `index` was entered now (0 scenario, 1 URL, 2.. tasks). */
  markStep(index: number): void;
  state(): RecorderSnapshot;
  /** The step marks so far: with `elapsedMs`, where a new segment of this recording continues. */
  steps(): Array<{ index: number; atMs: number }>;
  /** When recording started (`performance.now()`), once it did: what a camera recorder aligns to. */
  startedAt(): number | undefined;
  /** Called with every new state (the façade throttles to ≤ 4/s). */
  onChange(listener: (state: RecorderSnapshot) => void): void;
  /** Stops, waits until every chunk is on the server (offline it keeps waiting) and completes. */
  finish(): Promise<void>;
  /** Stops and deletes the entry server-side (recording deleted, place freed) and on the device. */
  abort(): Promise<void>;
  /** Releases the wasm memory; later calls are ignored. */
  dispose(): void;
}

/** `lastError` of a recorder whose capture ended under it (product §8 'Stream ended'). */
export const STREAM_STOPPED_MESSAGE = 'Recording stopped. Please share your screen and microphone again to continue.';

const PHASES: readonly RecorderPhase[] = ['idle', 'recording', 'finishing', 'done', 'failed', 'aborted'];

export const IDLE_SNAPSHOT: RecorderSnapshot = {
  phase: 'idle',
  elapsedMs: 0,
  bytesRecorded: 0,
  bytesUploaded: 0,
  chunksUploaded: 0,
  pendingChunks: 0,
  pendingBytes: 0,
  progress: 0,
  retrying: false,
  online: true,
  storage: 'device',
  tier: 0,
  backlogMs: 0,
};

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A plain, complete snapshot from whatever the façade returned (an object, or a Map from serde). */
export function normalizeSnapshot(raw: unknown): RecorderSnapshot {
  const source: Record<string, unknown> =
    raw instanceof Map
      ? Object.fromEntries(raw)
      : typeof raw === 'object' && raw !== null
        ? (raw as Record<string, unknown>)
        : {};
  const phase = PHASES.includes(source.phase as RecorderPhase) ? (source.phase as RecorderPhase) : 'idle';
  return {
    phase,
    mimeType: str(source.mimeType),
    elapsedMs: num(source.elapsedMs),
    bytesRecorded: num(source.bytesRecorded),
    bytesUploaded: num(source.bytesUploaded),
    chunksUploaded: num(source.chunksUploaded),
    pendingChunks: num(source.pendingChunks),
    pendingBytes: num(source.pendingBytes),
    progress: Math.min(100, Math.max(0, num(source.progress))),
    retrying: source.retrying === true,
    online: source.online !== false,
    storage: source.storage === 'memory' ? 'memory' : 'device',
    limitMessage: str(source.limitMessage),
    lastError: str(source.lastError),
    tier: Math.min(3, Math.max(0, Math.round(num(source.tier)))),
    backlogMs: Math.max(0, num(source.backlogMs)),
    uplinkBitsPerSecond: num(source.uplinkBitsPerSecond) > 0 ? num(source.uplinkBitsPerSecond) : undefined,
  };
}

/** The `name` of an error the façade threw (wasm-bindgen gives real Error objects), if any. */
export function errorName(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string') {
    return (error as { name: string }).name;
  }
  return undefined;
}

/** An Error with the façade's naming convention, for failures detected on this side. */
export function namedError(name: RecorderErrorName, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

const NOTHING_PENDING: PendingChunks = { chunks: 0, bytes: 0, lastEndMs: 0 };

async function recorderClass() {
  const module = await loadRecorder();
  const RecorderClass = (module as Partial<typeof module>).Recorder;
  if (typeof RecorderClass !== 'function') {
    throw namedError('RecorderUnsupported', 'The recorder module has no Recorder');
  }
  return RecorderClass;
}

/**
 * What this device still holds for `entryId` that the server has not acknowledged (a tab that
 * crashed or was offline); nothing when the recorder or its storage is unavailable.
 */
export async function pendingOnDevice(entryId: string): Promise<PendingChunks> {
  try {
    const pending = await (await recorderClass()).pending(entryId);
    return { chunks: num(pending?.chunks), bytes: num(pending?.bytes), lastEndMs: num(pending?.lastEndMs) };
  } catch {
    return NOTHING_PENDING;
  }
}

/**
 * Creates the recorder for `entryId` (the screen's, or with `'camera'` the camera's own small
 * file, ADR 0008); rejects 'RecorderUnsupported' when the module offers none.
 */
export async function createRecorderSession(
  entryId: string,
  track: RecorderTrack = 'screen',
): Promise<RecorderSession> {
  const RecorderClass = await recorderClass();
  const recorder = new RecorderClass(entryId, API_BASE_PATH, track);
  let freed = false;

  return {
    start: (stream, options) => recorder.start(stream, options),
    setTier: (tier, alignTo) => {
      if (!freed) recorder.setTier(tier, alignTo);
    },
    markStep: (index) => {
      if (!freed) recorder.markStep(index);
    },
    state: () => (freed ? IDLE_SNAPSHOT : normalizeSnapshot(recorder.state())),
    steps: () => (freed ? [] : Array.from(recorder.steps())),
    startedAt: () => (freed ? undefined : recorder.startedAt()),
    onChange: (listener) => recorder.onChange((state) => listener(normalizeSnapshot(state))),
    finish: () => recorder.finish(),
    abort: () => (freed ? Promise.resolve() : recorder.abort()),
    dispose: () => {
      if (freed) return;
      freed = true;
      try {
        recorder.free();
      } catch {
        // Already released by the glue code: nothing left to free.
      }
    },
  };
}
