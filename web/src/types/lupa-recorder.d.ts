/** Types of the recorder wasm package (wasm-bindgen --target bundler output), which tsc may not find built. */
declare module '@lupa/recorder' {
  /** What the recorder reports through `state()` and `onChange` (at most 4 times a second). */
  export type RecorderState = {
    phase: 'idle' | 'recording' | 'finishing' | 'done' | 'failed' | 'aborted';
    mimeType?: string;
    elapsedMs: number;
    bytesRecorded: number;
    bytesUploaded: number;
    partsUploaded: number;
    partsPending: number;
    /** 0..100: 25 once the upload is set up, then up to 100 (spec §9). */
    progress: number;
    /** An upload request failed and is being retried; nothing is lost yet. */
    retrying: boolean;
    lastError?: string;
  };

  /** Records one participation and uploads it in parts while recording. */
  export class Recorder {
    /** `apiBase` is '/api/v1'; the entry's capability cookie authorises every upload call. */
    constructor(entryId: string, apiBase: string);
    /** Rejects with an Error named 'RecorderUnsupported', 'RecordingStartError' or 'UploadSetupError'. */
    start(stream: MediaStream): Promise<void>;
    /** Step `index` was entered now (0 scenario, 1 URL, 2.. tasks). */
    markStep(index: number): void;
    elapsedMs(): number;
    state(): RecorderState;
    onChange(callback: (state: RecorderState) => void): void;
    /** Rejects with an Error named 'UploadFailed', 'RecordingEmpty' (also 'RecordingError', 'RecordingAborted'). */
    finish(): Promise<void>;
    /** Stops and deletes the entry server-side (best effort); a no-op once done. */
    abort(): Promise<void>;
    free(): void;
  }

  /** The first MediaRecorder mime type this browser supports, or undefined when none is. */
  export function pickMimeType(): string | undefined;
  /** Every mime type the recorder tries, in order of preference. */
  export function candidateMimeTypes(): string[];
}
