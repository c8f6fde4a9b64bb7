//! The browser shell: every `web-sys`/`js-sys` call lives under this module, so the rest of the
//! crate stays plain, host-tested Rust. `pipeline` drives the pure `session` with MediaRecorder
//! chunks (`media`), fetch results (`http`) and timers (`js`).

mod http;
mod js;
mod media;
mod pipeline;

pub use pipeline::Pipeline;

/// `MediaRecorder.isTypeSupported(mime)`; false where MediaRecorder itself is missing.
pub fn media_recorder_supports(mime: &str) -> bool {
    let has_media_recorder = js_sys::Reflect::has(&js_sys::global(), &"MediaRecorder".into()).unwrap_or(false);
    has_media_recorder && web_sys::MediaRecorder::is_type_supported(mime)
}
