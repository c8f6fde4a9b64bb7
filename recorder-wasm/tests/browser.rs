//! Runs the recorder in headless Chromium (wasm-bindgen-test): the façade against the real
//! MediaRecorder, fed by Chromium's fake camera and microphone (webdriver.json), and the upload
//! pipeline (`pipeline/`) with synthetic chunks; both upload to a fake chunk API that stands in
//! for `fetch` (tests/support/fake_server.js) and keep chunks in the page's real IndexedDB.
#![cfg(target_arch = "wasm32")]
// Test code: a failed unwrap is a failed test (clippy only knows this for #[test] functions).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod pipeline;
mod support;

use std::cell::Cell;
use std::rc::Rc;

use lupa_recorder::Recorder;
use support::{device_chunks, error_name, fake_camera_and_mic, field, sleep, FakeServer, Options};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
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

#[wasm_bindgen_test]
async fn records_the_fake_camera_as_mp4_in_one_second_chunks_and_uploads_each() {
    let server = FakeServer::install(Options { entry_id: "entry-media", ..Default::default() });
    let stream = fake_camera_and_mic().await;
    let recorder = Recorder::new("entry-media", "/api/v1", None);
    let changes = Rc::new(Cell::new(0u32));
    let counter = changes.clone();
    let on_change = Closure::<dyn FnMut(JsValue)>::new(move |_state: JsValue| counter.set(counter.get() + 1));
    recorder.on_change(on_change.as_ref().unchecked_ref::<js_sys::Function>().clone());

    JsFuture::from(recorder.start(stream.clone(), None)).await.unwrap();
    let state = recorder.state();
    assert_eq!(field(&state, "phase").as_string().as_deref(), Some("recording"));
    assert_eq!(field(&state, "storage").as_string().as_deref(), Some("device"));
    assert_eq!(field(&state, "online").as_bool(), Some(true));
    let mime = field(&state, "mimeType").as_string().unwrap();
    assert!(mime.starts_with("video/mp4"), "{mime}");
    recorder.mark_step(0);

    // Record ~3 s, watching chunks arrive. With videoKeyFrameIntervalDuration the MP4 muxer
    // honours the 1000 ms timeslice (without it the first media chunk comes after ~6.7 s).
    let mut arrivals = Vec::new();
    let mut last = 0.0;
    while recorder.elapsed_ms() < 3000.0 || (arrivals.len() < 3 && recorder.elapsed_ms() < 8000.0) {
        sleep(100.0).await;
        let recorded = field(&recorder.state(), "bytesRecorded").as_f64().unwrap();
        if recorded > last {
            arrivals.push((recorder.elapsed_ms(), recorded - last));
            last = recorded;
        }
    }
    web_sys::console::log_1(&format!("chunk arrivals (ms, bytes): {arrivals:?}").into());
    assert!(arrivals.len() >= 3, "init segment and media chunks arrived while recording: {arrivals:?}");
    assert!(recorder.elapsed_ms() >= 3000.0);

    JsFuture::from(recorder.finish()).await.unwrap();
    let state = recorder.state();
    assert_eq!(field(&state, "phase").as_string().as_deref(), Some("done"));
    assert_eq!(field(&state, "progress").as_f64(), Some(100.0));
    let recorded = field(&state, "bytesRecorded").as_f64().unwrap();

    let uploaded = server.joined(1);
    assert_eq!(uploaded.len() as f64, recorded);
    assert_eq!(&uploaded[4..8], b"ftyp", "an MP4 file");
    // One upload chunk per MediaRecorder chunk, sent while recording, each with its end time.
    let chunks = server.chunks(1);
    assert!(chunks.len() >= 3, "{chunks:?}");
    assert!(chunks.windows(2).all(|w| w[0].end_ms <= w[1].end_ms), "{chunks:?}");
    assert!(chunks.last().unwrap().end_ms >= 3000.0, "{chunks:?}");
    assert!(device_chunks("entry-media").await.is_empty());
    assert_eq!(server.body_field("started", "mimeType").as_string(), Some(mime));
    let duration = server.body_field("completed", "durationMs").as_f64().unwrap();
    assert!((3000.0..9000.0).contains(&duration), "durationMs {duration}");
    assert!((chunks.last().unwrap().end_ms - duration).abs() < 1000.0, "the last chunk ends at the stop");
    let calls = changes.get();
    assert!(calls >= 3 && f64::from(calls) <= duration / 250.0 + 6.0, "{calls} onChange calls");

    // Stopping the tracks after finish changes nothing (the recorder has let go of its handlers).
    stream.get_tracks().for_each(&mut |track, _, _| track.unchecked_into::<web_sys::MediaStreamTrack>().stop());
    sleep(100.0).await;
    assert_eq!(field(&recorder.state(), "phase").as_string().as_deref(), Some("done"));
}

#[wasm_bindgen_test]
async fn misuse_is_reported_with_named_errors_and_abort_deletes() {
    let server = FakeServer::install(Options { entry_id: "entry-misuse", ..Default::default() });
    let recorder = Recorder::new("entry-misuse", "/api/v1", None);
    let error = JsFuture::from(recorder.finish()).await.unwrap_err();
    assert_eq!(error_name(&error), "RecordingEmpty");

    let stream = fake_camera_and_mic().await;
    JsFuture::from(recorder.start(stream.clone(), None)).await.unwrap();
    let error = JsFuture::from(recorder.start(stream.clone(), None)).await.unwrap_err();
    assert_eq!(error_name(&error), "RecordingStartError");
    JsFuture::from(recorder.abort()).await.unwrap();
    assert_eq!(field(&recorder.state(), "phase").as_string().as_deref(), Some("aborted"));
    assert_eq!(server.get("deleted").as_bool(), Some(true));
    stream.get_tracks().for_each(&mut |track, _, _| track.unchecked_into::<web_sys::MediaStreamTrack>().stop());
}

#[wasm_bindgen_test]
async fn start_takes_the_servers_resume_info() {
    let server = FakeServer::install(Options { entry_id: "entry-resume", ..Default::default() });
    let recorder = Recorder::new("entry-resume", "/api/v1", None);
    let options: js_sys::Object =
        js_sys::JSON::parse(r#"{"recordedMs": 5000, "steps": [{"index": 0, "atMs": 0}, {"index": 1, "atMs": 4000}]}"#)
            .unwrap()
            .into();
    let stream = fake_camera_and_mic().await;
    JsFuture::from(recorder.start(stream.clone(), Some(options))).await.unwrap();
    assert!(recorder.elapsed_ms() >= 5000.0, "{}", recorder.elapsed_ms());
    recorder.mark_step(2);
    sleep(1500.0).await;
    JsFuture::from(recorder.finish()).await.unwrap();
    let steps = server.steps("completed");
    assert_eq!(steps.iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 1, 2], "the earlier marks are kept");
    assert!(steps[2].1 >= 5000.0);
    assert!(server.body_field("completed", "durationMs").as_f64().unwrap() >= 6000.0);
    stream.get_tracks().for_each(&mut |track, _, _| track.unchecked_into::<web_sys::MediaStreamTrack>().stop());
}
