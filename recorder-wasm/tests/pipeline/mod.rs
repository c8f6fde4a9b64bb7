//! The real upload pipeline (re-chunker, upload state machine, fetch, retries, WebM fix-up) in
//! headless Chromium, against a fake upload API that stands in for `fetch`
//! (tests/support/fake_server.js) and injects network errors, 503s and 403s. A module of the
//! `browser` test binary, so one Chromium session runs everything.

use lupa_recorder::session::Phase;
use lupa_recorder::{webm, Pipeline};
use crate::support::{bytes, error_message, error_name, sleep, FakeServer, Options};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;

const PART: f64 = 5_242_880.0;
const CHROMIUM_WEBM: &[u8] = include_bytes!("../../fixtures/chromium.webm");

#[wasm_bindgen_test]
async fn twelve_mib_with_failures_arrive_byte_identical_in_equal_parts() {
    // Every 3rd PUT fails (alternately a network error and a 503).
    let server = FakeServer::install(Options { entry_id: "entry-12mib", fail_every: 3, ..Default::default() });
    let pipeline = Pipeline::new("entry-12mib", "/api/v1");
    pipeline.open("video/mp4;codecs=vp9,opus").await.unwrap();
    assert_eq!(pipeline.snapshot().progress, 25.0);
    pipeline.mark_step(0);
    let mut seed = 7;
    let mut input = Vec::new();
    for (i, size) in [150_001usize, 64_000, 333_333, 1, 20_000].iter().cycle().enumerate() {
        if input.len() >= 12 * 1024 * 1024 + 777 || i > 1000 {
            break;
        }
        let chunk = bytes(*size, &mut seed);
        input.extend_from_slice(&chunk);
        pipeline.push_chunk(chunk);
    }
    pipeline.mark_step(1);
    JsFuture::from(pipeline.finish()).await.unwrap();

    let state = pipeline.snapshot();
    assert_eq!(state.phase, Phase::Done);
    assert_eq!(state.progress, 100.0);
    assert_eq!(state.bytes_uploaded, input.len() as u64);
    assert_eq!((state.parts_uploaded, state.parts_pending, state.retrying), (3, 0, false));
    assert!(server.joined() == input, "byte-identical");
    let sizes = server.part_sizes();
    assert_eq!(sizes.len(), 3);
    assert!(sizes[..2].iter().all(|s| *s == PART), "{sizes:?}");
    assert!(server.number("failures") >= 1.0, "failures were injected and retried");
    assert!(server.number("maxInFlight") <= 2.0);
    assert_eq!(server.body_field("started", "mimeType").as_string().as_deref(), Some("video/mp4;codecs=vp9,opus"));
    let duration = server.body_field("completed", "durationMs").as_f64().unwrap();
    assert!(duration >= 0.0 && duration.fract() == 0.0, "integer ms: {duration}");
    let steps = js_sys::Array::from(&server.body_field("completed", "steps"));
    assert_eq!(steps.length(), 2);
    assert_eq!(server.log().last().map(String::as_str), Some("POST /complete"));
}

#[wasm_bindgen_test]
async fn webm_part_one_is_re_sent_with_the_duration() {
    let server = FakeServer::install(Options { entry_id: "entry-webm", part_size: 16_384.0, ..Default::default() });
    let pipeline = Pipeline::new("entry-webm", "/api/v1");
    pipeline.open("video/webm;codecs=vp8,opus").await.unwrap();
    for chunk in CHROMIUM_WEBM.chunks(5000) {
        pipeline.push_chunk(chunk.to_vec());
    }
    sleep(400.0).await;
    JsFuture::from(pipeline.finish()).await.unwrap();
    let joined = server.joined();
    assert_eq!(joined.len(), CHROMIUM_WEBM.len());
    assert_eq!(joined[16_384..], CHROMIUM_WEBM[16_384..]);
    let duration = webm::read_webm_duration(&joined).unwrap().unwrap();
    let reported = server.body_field("completed", "durationMs").as_f64().unwrap();
    assert!(duration >= 400.0 && (duration - reported).abs() < 1.0, "header {duration} ms, completion {reported} ms");
    let part_one_puts = server.log().iter().filter(|l| *l == "PUT /parts/1").count();
    assert_eq!(part_one_puts, 2, "part 1 uploaded while recording, then again with the duration");
}

#[wasm_bindgen_test]
async fn forbidden_fails_the_upload_at_once() {
    let server = FakeServer::install(Options { entry_id: "entry-403", part_size: 1000.0, forbid: true, ..Default::default() });
    let pipeline = Pipeline::new("entry-403", "/api/v1");
    pipeline.open("video/mp4").await.unwrap();
    pipeline.push_chunk(vec![1; 1500]);
    sleep(100.0).await;
    let state = pipeline.snapshot();
    assert_eq!(state.phase, Phase::Failed);
    assert_eq!(state.last_error.as_deref(), Some("Upload failed with status 403"));
    assert_eq!(server.number("puts"), 1.0, "no retry after a 403");
    let error = JsFuture::from(pipeline.finish()).await.unwrap_err();
    assert_eq!(error_name(&error), "UploadFailed");
    assert_eq!(error_message(&error), "Failed to upload recording. Please try again.");
}

#[wasm_bindgen_test]
async fn abort_rejects_a_pending_finish_and_deletes_the_entry() {
    let server = FakeServer::install(Options { entry_id: "entry-abort", part_size: 1000.0, latency_ms: 300.0, ..Default::default() });
    let pipeline = Pipeline::new("entry-abort", "/api/v1");
    pipeline.open("video/mp4").await.unwrap();
    pipeline.push_chunk(vec![2; 2500]);
    let finishing = JsFuture::from(pipeline.finish());
    sleep(50.0).await;
    JsFuture::from(pipeline.abort()).await.unwrap();
    let error = finishing.await.unwrap_err();
    assert_eq!(error_name(&error), "RecordingAborted");
    assert_eq!(pipeline.snapshot().phase, Phase::Aborted);
    assert_eq!(server.get("deleted").as_bool(), Some(true));
    assert!(server.get("completed").is_null());
}

#[wasm_bindgen_test]
async fn nothing_recorded_is_empty() {
    let _server = FakeServer::install(Options { entry_id: "entry-empty", ..Default::default() });
    let pipeline = Pipeline::new("entry-empty", "/api/v1");
    pipeline.open("video/mp4").await.unwrap();
    let error = JsFuture::from(pipeline.finish()).await.unwrap_err();
    assert_eq!(error_name(&error), "RecordingEmpty");
    assert_eq!(error_message(&error), "Recording is empty. Please try recording again.");
}

#[wasm_bindgen_test]
async fn an_entry_holding_another_recording_is_refused() {
    let _server = FakeServer::install(Options { entry_id: "entry-stale", existing_parts: 2, ..Default::default() });
    let pipeline = Pipeline::new("entry-stale", "/api/v1");
    let error = pipeline.open("video/mp4").await.unwrap_err();
    assert_eq!(error_name(&error), "UploadSetupError");
    assert_eq!(pipeline.snapshot().phase, Phase::Idle);
}
