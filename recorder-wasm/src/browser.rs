//! Every call into the browser lives here, so the rest of the crate stays plain, host-tested Rust.

/// `MediaRecorder.isTypeSupported(mime)`; false where MediaRecorder itself is missing.
pub fn media_recorder_supports(mime: &str) -> bool {
    let has_media_recorder = js_sys::Reflect::has(&js_sys::global(), &"MediaRecorder".into()).unwrap_or(false);
    has_media_recorder && web_sys::MediaRecorder::is_type_supported(mime)
}
