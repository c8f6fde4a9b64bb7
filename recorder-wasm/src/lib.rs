//! Lupa's recorder, compiled to WASM for the participant's tab.
//!
//! One façade for JavaScript: the `Recorder` class plus `pickMimeType` and `candidateMimeTypes`.
//! The pure modules (codec choice, parts, upload machine, progress, WebM header, steps, session)
//! are plain Rust with host tests; `browser` holds every `web-sys`/`js-sys` call, so the façade
//! below only forwards.

mod browser;
pub mod api;
pub mod codec;
pub mod parts;
pub mod progress;
pub mod session;
pub mod steps;
pub mod throttle;
pub mod upload;
pub mod webm;

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
  /** Since the recording started; stops counting at `finish()`. */
  elapsedMs: number;
  bytesRecorded: number;
  /** Acknowledged by the server. */
  bytesUploaded: number;
  partsUploaded: number;
  /** Parts held in memory: queued, in flight or waiting to retry. */
  partsPending: number;
  /** 0 before the upload session exists, 25 once it does, 100 once the server completed it. */
  progress: number;
  /** A request failed and is being retried (the network may be down). */
  retrying: boolean;
  lastError?: string;
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

/// Records one participant's screen and microphone and uploads it in parts while recording.
/// Promise rejections are `Error`s whose `name` is one of `RecorderUnsupported`,
/// `RecordingStartError`, `UploadSetupError`, `UploadFailed`, `RecordingEmpty`, `RecordingError`,
/// `RecordingAborted`.
#[wasm_bindgen]
pub struct Recorder {
    pipeline: Pipeline,
}

#[wasm_bindgen]
impl Recorder {
    /// `apiBase` is `'/api/v1'` or an absolute URL of the same API.
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(js_name = entryId)] entry_id: &str, #[wasm_bindgen(js_name = apiBase)] api_base: &str) -> Recorder {
        Recorder { pipeline: Pipeline::new(entry_id, api_base) }
    }

    /// Picks the format, opens the upload and starts recording `stream` (screen video + mic audio).
    /// Rejects with `RecorderUnsupported`, `RecordingStartError` or `UploadSetupError`.
    #[wasm_bindgen(unchecked_return_type = "Promise<void>")]
    pub fn start(&self, stream: web_sys::MediaStream) -> js_sys::Promise {
        self.pipeline.start(stream)
    }

    /// The participant entered step `index` now (sent with the completion, for chapters).
    #[wasm_bindgen(js_name = markStep)]
    pub fn mark_step(&self, index: u32) {
        self.pipeline.mark_step(index);
    }

    /// Milliseconds since the recording started (frozen at `finish()`).
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
    pub fn on_change(&self, #[wasm_bindgen(unchecked_param_type = "(state: RecorderState) => void")] callback: js_sys::Function) {
        self.pipeline.set_on_change(callback);
    }

    /// Stops recording, uploads the rest (retrying up to 10 minutes), writes the WebM duration,
    /// completes the upload. Rejects with `UploadFailed` ('Failed to upload recording. Please try
    /// again.'), `RecordingEmpty`, `RecordingError` or `RecordingAborted`.
    #[wasm_bindgen(unchecked_return_type = "Promise<void>")]
    pub fn finish(&self) -> js_sys::Promise {
        self.pipeline.finish()
    }

    /// Stops everything and deletes the entry on the server (best effort). No-op once done.
    #[wasm_bindgen(unchecked_return_type = "Promise<void>")]
    pub fn abort(&self) -> js_sys::Promise {
        self.pipeline.abort()
    }
}

impl Drop for Recorder {
    /// `free()`: stop locally and release every closure (the server entry is left as it is).
    fn drop(&mut self) {
        self.pipeline.detach();
    }
}
