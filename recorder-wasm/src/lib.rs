//! Lupa's recorder, compiled to WASM for the participant's tab.
//!
//! One façade for JavaScript: the `Recorder` class plus `pickMimeType` and `candidateMimeTypes`.
//! The pure modules (codec choice, chunk splitting, upload machine, retries, progress, steps,
//! session) are plain Rust with host tests; `browser` holds every `web-sys`/`js-sys` call
//! (MediaRecorder, IndexedDB, fetch, timers), so the façade below only forwards. The upload
//! protocol is ADR 0005: seconds-small chunks, durable on the device until acknowledged.

pub mod api;
#[cfg(feature = "bench")]
pub mod bench;
mod browser;
pub mod chunks;
pub mod codec;
pub mod live_cadence;
pub mod progress;
pub mod retry;
pub mod session;
pub mod steps;
pub mod throttle;
pub mod tiers;
pub mod uplink;
pub mod upload;

/// The engine behind `Recorder`, public so the browser tests can drive the real upload code with
/// synthetic chunks (not exported to JavaScript).
pub use browser::Pipeline;

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

#[wasm_bindgen(typescript_custom_section)]
const RECORDER_STATE: &str = r#"
/** A snapshot of the recorder (`state()`, `onChange`). */
export interface RecorderState {
  phase: 'idle' | 'recording' | 'finishing' | 'done' | 'failed' | 'aborted';
  /** The container and codecs being recorded, once `start()` picked them. */
  mimeType?: string;
  /** On the participation's timeline (earlier segments included); stops at `finish()` or the limit. */
  elapsedMs: number;
  /** Recorded by this tab. */
  bytesRecorded: number;
  /** Acknowledged by the server (an earlier tab's chunks included). */
  bytesUploaded: number;
  chunksUploaded: number;
  /** Chunks not yet acknowledged: on the device or in memory, queued, in flight or waiting to retry. */
  pendingChunks: number;
  pendingBytes: number;
  /** 0 before the segment exists, 25 once it does, then up to 99 with acknowledged / (acknowledged + pending) bytes, 100 once the server completed it. */
  progress: number;
  /** A request failed and is being retried (the network may be down). */
  retrying: boolean;
  /** `navigator.onLine`, corrected by what requests find out. */
  online: boolean;
  /** 'memory' when IndexedDB is missing or refused a chunk that is not on the server yet: closing the tab would lose it. */
  storage: 'device' | 'memory';
  /** The server's message when the participation reached its maximum duration or size: recording stopped, `finish()` completes what was stored. */
  limitMessage?: string;
  lastError?: string;
  /** The quality tier being recorded: 0 is product §9's rates, up to 3, the legibility floor (ADR 0023). */
  tier: number;
  /** Media recorded but not yet on the server, in ms at the rate being recorded. */
  backlogMs: number;
  /** What the uplink carried lately (or the pre-flight probe's figure), bit/s; absent until known. */
  uplinkBitsPerSecond?: number;
}

/** `start()`'s resume info from the server (`ResumeInfo`): the timer and the step list continue from it. */
export interface RecorderStartOptions {
  recordedMs?: number;
  steps?: Array<{ index: number; atMs: number }>;
  /** The camera: the screen recorder's `startedAt()`, so the player knows where the camera file starts on the screen's. */
  alignTo?: number;
  /** The pre-flight probe's measure of the uplink (bit/s): the screen starts at the tier that fits it (ADR 0023). */
  uplinkBitsPerSecond?: number;
  /** Start at this tier (0–3; the camera following the screen's `state().tier`). */
  tier?: number;
  /** The camera is recorded too, so a tier's rates count it. */
  withCamera?: boolean;
  /** `false` keeps the starting tier for the whole recording (the screen adapts by default). */
  adaptive?: boolean;
}

/** Which file of each segment a recorder fills: the screen (video + microphone) or the camera (video only). */
export type RecorderTrack = 'screen' | 'camera' | 'audio';

/** What the device holds for an entry, not yet on the server. */
export interface PendingChunks {
  chunks: number;
  bytes: number;
  /** The furthest point on the participation's timeline those chunks reach, in ms. */
  lastEndMs: number;
}
"#;

/// The mime type the recorder will use in this browser, or `undefined` when none is supported.
#[wasm_bindgen(js_name = pickMimeType)]
pub fn pick_mime_type() -> Option<String> {
    codec::pick(browser::media_recorder_supports).map(str::to_string)
}

/// The candidates in order of preference, for diagnostics and the participant's help text.
#[wasm_bindgen(js_name = candidateMimeTypes)]
pub fn candidate_mime_types() -> Vec<String> {
    codec::CANDIDATES.iter().map(|m| m.to_string()).collect()
}

/// Records one participant's screen and microphone — or, with the `'camera'` track, their camera
/// as its own small video-only file of each segment (ADR 0008) — and uploads it in chunks of about
/// a second, each kept on the device (IndexedDB) until the server acknowledged it.
///
/// The camera's recorder never completes or leaves the participation itself: `finish()` resolves
/// once its chunks are acknowledged (call it before the screen's, whose completion closes both
/// files), `abort()` only stops it, and a camera that stops on its own ends its file up to there
/// (phase 'done') instead of failing. Promise rejections are
/// `Error`s whose `name` is one of `RecorderUnsupported`, `RecordingStartError`,
/// `UploadSetupError`, `UploadFailed`, `RecordingEmpty`, `RecordingError`, `RecordingAborted`,
/// `StorageError`.
#[wasm_bindgen]
pub struct Recorder {
    pipeline: Pipeline,
}

#[wasm_bindgen]
impl Recorder {
    /// `apiBase` is `'/api/v1'` or an absolute URL of the same API; `track` is `'screen'`
    /// (the default), `'camera'` or `'audio'` (the microphone alone, for transcription).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = entryId)] entry_id: &str,
        #[wasm_bindgen(js_name = apiBase)] api_base: &str,
        #[wasm_bindgen(unchecked_optional_param_type = "RecorderTrack")] track: Option<String>,
    ) -> Recorder {
        Recorder { pipeline: Pipeline::new(entry_id, api_base, api::track_named(track.as_deref())) }
    }

    /// When this recorder's MediaRecorder started (`performance.now()`), once it did: a camera
    /// recorder's `alignTo`.
    #[wasm_bindgen(js_name = startedAt)]
    pub fn started_at(&self) -> Option<f64> {
        self.pipeline.started_at()
    }

    /// Picks the format, opens a new segment and starts recording `stream` (screen video + mic
    /// audio); chunks an earlier tab of this entry left on the device are uploaded too. `options`
    /// is the server's resume info when continuing a participation. Rejects with
    /// `RecorderUnsupported`, `RecordingStartError` or `UploadSetupError`.
    #[wasm_bindgen(unchecked_return_type = "Promise<void>")]
    pub fn start(
        &self,
        stream: web_sys::MediaStream,
        #[wasm_bindgen(unchecked_optional_param_type = "RecorderStartOptions")] options: Option<js_sys::Object>,
    ) -> js_sys::Promise {
        let resume = options.as_ref().map(|o| browser::resume_from_js(o)).unwrap_or_default();
        let quality = options.map(|o| browser::Quality::from_js(&o)).unwrap_or_default();
        self.pipeline.start(stream, resume, quality)
    }

    /// Moves this recorder to `tier` with a new segment (the camera following the screen's
    /// `state().tier`); `alignTo` is the screen recorder's new `startedAt()`.
    #[wasm_bindgen(js_name = setTier)]
    pub fn set_tier(&self, tier: u32, #[wasm_bindgen(js_name = alignTo)] align_to: Option<f64>) {
        self.pipeline.set_tier(u8::try_from(tier).unwrap_or(u8::MAX), align_to);
    }

    /// The participant entered step `index` now (kept on the server as it happens, for chapters
    /// and for resuming where they were).
    #[wasm_bindgen(js_name = markStep)]
    pub fn mark_step(&self, index: u32) {
        self.pipeline.mark_step(index);
    }

    /// The step marks on the participation's timeline so far: with `elapsedMs`, the resume info
    /// of a new capture that follows this one (the microphone shared again).
    #[wasm_bindgen(unchecked_return_type = "Array<{ index: number; atMs: number }>")]
    pub fn steps(&self) -> JsValue {
        browser::steps_to_js(&self.pipeline.steps())
    }

    /// Milliseconds on the participation's timeline: from `max(recordedMs, what the device still
    /// holds)` plus this capture (frozen at `finish()` or the limit).
    #[wasm_bindgen(js_name = elapsedMs)]
    pub fn elapsed_ms(&self) -> f64 {
        self.pipeline.elapsed_ms()
    }

    /// A plain-object snapshot of the recorder.
    #[wasm_bindgen(unchecked_return_type = "RecorderState")]
    pub fn state(&self) -> JsValue {
        self.pipeline.state()
    }

    /// Called on every state change, at most 4 times a second (phase changes at once). One
    /// listener: a second call replaces the first.
    #[wasm_bindgen(js_name = onChange)]
    pub fn on_change(
        &self,
        #[wasm_bindgen(unchecked_param_type = "(state: RecorderState) => void")] callback: js_sys::Function,
    ) {
        self.pipeline.set_on_change(callback);
    }

    /// Stops recording, waits until every chunk (an earlier tab's too) is acknowledged — offline it
    /// keeps waiting and reports progress — then completes. Rejects with `UploadFailed` ('Failed to
    /// upload recording. Please try again.'; the chunks stay on the device), `RecordingEmpty`,
    /// `RecordingError` or `RecordingAborted`.
    #[wasm_bindgen(unchecked_return_type = "Promise<void>")]
    pub fn finish(&self) -> js_sys::Promise {
        self.pipeline.finish()
    }

    /// Stops everything, deletes the entry on the server (best effort) and its chunks on the
    /// device. No-op once done.
    #[wasm_bindgen(unchecked_return_type = "Promise<void>")]
    pub fn abort(&self) -> js_sys::Promise {
        self.pipeline.abort()
    }

    /// What the device holds of `entryId`'s screen that the server has not acknowledged (left by
    /// a tab that crashed or went offline); `{0, 0, 0}` when there is nothing or no IndexedDB.
    #[wasm_bindgen(unchecked_return_type = "Promise<PendingChunks>")]
    pub fn pending(#[wasm_bindgen(js_name = entryId)] entry_id: String) -> js_sys::Promise {
        browser::pending_promise(entry_id)
    }

    /// Deletes what the device holds for `entryId` (screen and camera). Rejects with
    /// `StorageError` when IndexedDB refuses.
    #[wasm_bindgen(unchecked_return_type = "Promise<void>")]
    pub fn discard(#[wasm_bindgen(js_name = entryId)] entry_id: String) -> js_sys::Promise {
        browser::discard_promise(entry_id)
    }
}

impl Drop for Recorder {
    /// `free()`: stop locally and release every closure (the server entry and the chunks on the
    /// device are left as they are, for a later tab).
    fn drop(&mut self) {
        self.pipeline.detach();
    }
}
