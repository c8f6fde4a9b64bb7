//! A recorder fed with synthetic chunks instead of MediaRecorder, so `npm run bench:upload` can
//! measure the tab's memory over an hour of recording in minutes. Built only with
//! `--features bench` (the bench's own build), never into the app's `pkg/`.
//!
//! It drives the same [`Pipeline`] as `Recorder`: IndexedDB, uploads, retries and acknowledgements
//! are the real ones; only the chunk source differs.

use js_sys::Promise;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::future_to_promise;

use crate::browser::Pipeline;
use crate::session::Resume;

#[wasm_bindgen]
pub struct BenchRecorder {
    pipeline: Pipeline,
}

#[wasm_bindgen]
impl BenchRecorder {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = entryId)] entry_id: &str,
        #[wasm_bindgen(js_name = apiBase)] api_base: &str,
    ) -> BenchRecorder {
        BenchRecorder { pipeline: Pipeline::new(entry_id, api_base, crate::api::Track::Screen) }
    }

    /// Opens a segment in `mime` (as `start()` does once MediaRecorder is set up).
    pub fn open(&self, mime: String) -> Promise {
        let pipeline = self.pipeline.clone();
        future_to_promise(async move { pipeline.open(&mime, Resume::default(), 0).await.map(|()| JsValue::UNDEFINED) })
    }

    /// `bytes` as if MediaRecorder had delivered them now.
    #[wasm_bindgen(js_name = pushChunk)]
    pub fn push_chunk(&self, bytes: &[u8]) {
        self.pipeline.push_chunk(bytes);
    }

    pub fn state(&self) -> JsValue {
        self.pipeline.state()
    }

    pub fn finish(&self) -> Promise {
        self.pipeline.finish()
    }

    /// Bytes of this module's linear memory (it only grows, so it is also the high-water mark).
    #[wasm_bindgen(js_name = wasmMemoryBytes)]
    pub fn wasm_memory_bytes() -> f64 {
        wasm_bindgen::memory()
            .dyn_into::<js_sys::WebAssembly::Memory>()
            .map_or(0.0, |m| m.buffer().dyn_into::<js_sys::ArrayBuffer>().map_or(0.0, |b| f64::from(b.byte_length())))
    }
}
