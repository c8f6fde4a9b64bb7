//! The browser shell: every `web-sys`/`js-sys` call lives under this module, so the rest of the
//! crate stays plain, host-tested Rust. `pipeline` drives the pure `session` with MediaRecorder
//! chunks (`media`), IndexedDB (`store`), fetch results (`http`) and timers (`js`).

mod http;
mod js;
mod media;
mod pipeline;
mod store;

use js_sys::Promise;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::future_to_promise;

pub use js::{resume_from_js, steps_to_js};
pub use pipeline::{Pipeline, Quality};

use crate::api::Track;
use crate::session::PendingSummary;

/// `MediaRecorder.isTypeSupported(mime)`; false where MediaRecorder itself is missing.
pub fn media_recorder_supports(mime: &str) -> bool {
    let has_media_recorder = js_sys::Reflect::has(&js_sys::global(), &"MediaRecorder".into()).unwrap_or(false);
    has_media_recorder && web_sys::MediaRecorder::is_type_supported(mime)
}

/// What the device holds of `entry_id`'s screen (nothing when IndexedDB is missing).
pub async fn pending_on_device(entry_id: &str) -> PendingSummary {
    let Some(store) = store::Store::open().await else { return PendingSummary::default() };
    PendingSummary::of(&store.list(entry_id).await.unwrap_or_default())
}

/// `Recorder.pending(entryId)`: resolves with `{chunks, bytes, lastEndMs}`.
pub fn pending_promise(entry_id: String) -> Promise {
    future_to_promise(async move { Ok(js::pending_to_js(&pending_on_device(&entry_id).await)) })
}

/// `Recorder.discard(entryId)`: deletes the entry's chunks (screen and camera) from the device;
/// rejects with `StorageError` when IndexedDB is there but refuses.
pub fn discard_promise(entry_id: String) -> Promise {
    future_to_promise(async move {
        let Some(store) = store::Store::open().await else { return Ok(JsValue::UNDEFINED) };
        for &track in Track::ALL {
            store
                .clear(&crate::api::device_key(&entry_id, track))
                .await
                .map_err(|reason| js::named_error(pipeline::STORAGE_ERROR, &reason))?;
        }
        Ok(JsValue::UNDEFINED)
    })
}
