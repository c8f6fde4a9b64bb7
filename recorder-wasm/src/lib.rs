//! Lupa's recorder, compiled to WASM for the participant's tab.
//!
//! One façade for JavaScript: the pure modules (codec choice, and later parts, uploads, progress)
//! are plain Rust with host tests; `browser` holds every `web-sys` call.

mod browser;
pub mod codec;

use wasm_bindgen::prelude::wasm_bindgen;

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
