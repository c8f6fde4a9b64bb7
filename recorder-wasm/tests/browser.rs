//! Runs the façade in headless Chromium (wasm-bindgen-test) against the real MediaRecorder.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn chromium_records_mp4() {
    let mime = lupa_recorder::pick_mime_type();
    let mime = mime.as_deref().unwrap_or("none");
    // Chromium 12x+ records MP4; on Linux it lacks AAC, so it must have skipped the AAC candidates.
    assert!(mime.starts_with("video/mp4"), "picked {mime}");
    assert!(web_sys::MediaRecorder::is_type_supported(mime));
}

#[wasm_bindgen_test]
fn unsupported_candidates_are_skipped() {
    let picked = lupa_recorder::pick_mime_type().unwrap_or_default();
    let candidates = lupa_recorder::candidate_mime_types();
    let index = candidates.iter().position(|c| *c == picked);
    assert!(index.is_some(), "picked {picked} is a candidate");
    for earlier in &candidates[..index.unwrap_or(0)] {
        assert!(!web_sys::MediaRecorder::is_type_supported(earlier), "{earlier} was supported but skipped");
    }
}
