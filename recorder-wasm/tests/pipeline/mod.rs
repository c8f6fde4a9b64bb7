//! The real upload pipeline (splitter, IndexedDB, upload state machine, fetch, retries, steps) in
//! headless Chromium, against a fake chunk API that stands in for `fetch`
//! (tests/support/fake_server.js) and injects network errors, 503s, 403s, 413s and outages.
//! Modules of the `browser` test binary, so one Chromium session runs everything; `device` covers
//! what IndexedDB keeps.

mod device;

use crate::support::{
    bytes, device_chunks, error_message, error_name, eventually, field, fire_online, limit_message, sleep, FakeServer,
    Options,
};
use js_sys::Reflect;
use lupa_recorder::api::Track;
use lupa_recorder::session::{Phase, Resume};
use lupa_recorder::steps::StepMark;
use lupa_recorder::{Pipeline, Recorder};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;

const MIME: &str = "video/mp4;codecs=vp9,opus";

/// The fake chunk API with `options`, and a screen pipeline of its entry opened as a new recording.
async fn opened(options: Options) -> (FakeServer, Pipeline) {
    let entry_id = options.entry_id;
    let server = FakeServer::install(options);
    let pipeline = Pipeline::new(entry_id, "/api/v1", Track::Screen);
    pipeline.open(MIME, Resume::default(), 0).await.unwrap();
    (server, pipeline)
}

#[wasm_bindgen_test]
async fn chunks_arrive_byte_identical_numbered_and_timed_through_failures() {
    // Every 3rd chunk PUT fails (alternately a network error and a 503); chunks over 100 kB split.
    let (server, pipeline) =
        opened(Options { entry_id: "entry-chunks", fail_every: 3, chunk_max_bytes: 100_000.0, ..Default::default() })
            .await;
    assert_eq!(pipeline.snapshot().progress, 25.0);
    pipeline.mark_step(0);
    let sizes = [150_001usize, 64_000, 333_333, 1, 20_000, 99_999, 100_000, 100_001];
    let (mut seed, mut input) = (7, Vec::new());
    for size in sizes {
        let chunk = bytes(size, &mut seed);
        input.extend_from_slice(&chunk);
        pipeline.push_chunk(&chunk);
        sleep(20.0).await;
    }
    pipeline.mark_step(1);
    JsFuture::from(pipeline.finish()).await.unwrap();

    let state = pipeline.snapshot();
    assert_eq!(state.phase, Phase::Done);
    assert_eq!(state.progress, 100.0);
    assert_eq!((state.bytes_uploaded, state.bytes_recorded), (input.len() as u64, input.len() as u64));
    assert_eq!((state.pending_chunks, state.pending_bytes, state.retrying), (0, 0, false));
    assert!(server.joined(1) == input, "byte-identical");
    let chunks = server.chunks(1);
    let expected: usize = sizes.iter().map(|s| s.div_ceil(100_000)).sum();
    assert_eq!((chunks.len(), state.chunks_uploaded as usize), (expected, expected));
    assert!(chunks.iter().enumerate().all(|(i, c)| c.index as usize == i && c.size <= 100_000.0), "{chunks:?}");
    assert!(chunks.windows(2).all(|w| w[0].end_ms <= w[1].end_ms), "end times never go back: {chunks:?}");
    assert!(chunks.last().unwrap().end_ms >= 100.0);
    assert!(server.number("failures") >= 1.0, "failures were injected and retried");
    assert!(server.number("maxInFlight") <= 2.0);
    assert_eq!(server.body_field("started", "mimeType").as_string().as_deref(), Some(MIME));
    let duration = server.body_field("completed", "durationMs").as_f64().unwrap();
    assert!(duration >= 100.0 && duration.fract() == 0.0, "integer ms: {duration}");
    assert_eq!(server.steps("completed").iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(server.log().last().map(String::as_str), Some("POST /complete"));
    assert!(device_chunks("entry-chunks").await.is_empty(), "acknowledged chunks leave the device");
}

#[wasm_bindgen_test]
async fn steps_reach_the_server_while_recording_and_continue_a_resumed_timeline() {
    // The server knows 60 s of earlier segments; the resume info carries the earlier marks.
    let server = FakeServer::install(Options { entry_id: "entry-steps", recorded_ms: 60_000.0, ..Default::default() });
    let pipeline = Pipeline::new("entry-steps", "/api/v1", Track::Screen);
    let resume = Resume {
        recorded_ms: 50_000,
        steps: vec![StepMark { index: 0, at_ms: 0 }, StepMark { index: 2, at_ms: 30_000 }],
        align_to: None,
    };
    pipeline.open(MIME, resume, 0).await.unwrap();
    assert!(pipeline.elapsed_ms() >= 60_000.0, "the timer continues: {}", pipeline.elapsed_ms());
    pipeline.mark_step(2);
    pipeline.mark_step(3);
    pipeline.mark_step(4);
    assert!(eventually(3000.0, || server.steps("steps").len() == 4).await, "{:?}", server.steps("steps"));
    assert!(server.number("stepsPuts") <= 2.0, "marks made together are sent together");
    let steps = server.steps("steps");
    assert_eq!(steps.iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 2, 3, 4], "the step returned to is not repeated");
    assert!(steps[2].1 >= 60_000.0, "on the participation's timeline: {steps:?}");
    pipeline.push_chunk(&[5; 1000]);
    JsFuture::from(pipeline.finish()).await.unwrap();
    assert_eq!(server.steps("completed"), steps);
    assert!(server.body_field("completed", "durationMs").as_f64().unwrap() >= 60_000.0);
}

#[wasm_bindgen_test]
async fn finishing_offline_waits_and_completes_when_the_network_returns() {
    let (server, pipeline) = opened(Options { entry_id: "entry-offline", ..Default::default() }).await;
    let (mut seed, mut input) = (3, Vec::new());
    for _ in 0..2 {
        let chunk = bytes(30_000, &mut seed);
        input.extend_from_slice(&chunk);
        pipeline.push_chunk(&chunk);
    }
    assert!(eventually(3000.0, || pipeline.snapshot().chunks_uploaded == 2).await);
    server.set_offline(true);
    for _ in 0..2 {
        let chunk = bytes(30_000, &mut seed);
        input.extend_from_slice(&chunk);
        pipeline.push_chunk(&chunk);
    }
    let finishing = JsFuture::from(pipeline.finish());
    sleep(1500.0).await;
    let waiting = pipeline.snapshot();
    assert_eq!(waiting.phase, Phase::Finishing, "{waiting:?}");
    assert!(!waiting.online && waiting.retrying && waiting.pending_chunks == 2, "{waiting:?}");
    assert!(waiting.progress > 25.0 && waiting.progress < 99.0, "half is on the server: {}", waiting.progress);
    assert_eq!(device_chunks("entry-offline").await.len(), 2, "kept on the device meanwhile");
    server.set_offline(false);
    fire_online();
    finishing.await.unwrap();
    assert_eq!(pipeline.snapshot().phase, Phase::Done);
    assert!(server.joined(1) == input);
}

#[wasm_bindgen_test]
async fn the_limit_stops_recording_and_finish_completes_what_was_stored() {
    let (server, pipeline) =
        opened(Options { entry_id: "entry-limit", limit_bytes: 250_000.0, ..Default::default() }).await;
    for i in 0..5u8 {
        pipeline.push_chunk(&vec![i; 100_000]);
        sleep(30.0).await;
    }
    assert!(eventually(3000.0, || pipeline.snapshot().limit_message.is_some()).await);
    let state = pipeline.snapshot();
    assert_eq!(state.limit_message, Some(limit_message()), "the server's message is shown");
    assert_eq!(state.phase, Phase::Recording, "not a failure");
    assert!(eventually(3000.0, || pipeline.snapshot().pending_chunks == 0).await, "refused chunks are forgotten");
    let clock = pipeline.elapsed_ms();
    let puts = server.number("puts");
    pipeline.push_chunk(&[9; 1000]);
    sleep(200.0).await;
    assert_eq!(pipeline.elapsed_ms(), clock, "the clock stopped at the limit");
    assert_eq!(server.number("puts"), puts, "nothing more is sent");
    assert_eq!(server.chunks(1).len(), 2);
    JsFuture::from(pipeline.finish()).await.unwrap();
    assert_eq!(pipeline.snapshot().phase, Phase::Done);
    assert!(!server.get("completed").is_null());
    assert!(device_chunks("entry-limit").await.is_empty(), "the completion clears the device");
}

#[wasm_bindgen_test]
async fn a_chunk_the_server_still_holds_in_flight_is_sent_again_after_a_backoff_and_nothing_is_lost() {
    // After a server restart the ledger may hold a dead request's reservation of an index: the
    // fake answers each chunk's first two PUTs 409 `chunk_in_flight` (a 409 `chunk_conflict` stays
    // final: `another_4xx_is_fatal_for_this_tab_and_drops_an_earlier_tabs_chunk`, host tests).
    let (server, pipeline) =
        opened(Options { entry_id: "entry-in-flight", in_flight_first: 2, ..Default::default() }).await;
    let mut input = Vec::new();
    for i in 0..3u8 {
        let chunk = vec![i + 1; 2000];
        input.extend_from_slice(&chunk);
        pipeline.push_chunk(&chunk);
        sleep(20.0).await;
    }
    JsFuture::from(pipeline.finish()).await.unwrap();
    assert_eq!(pipeline.snapshot().phase, Phase::Done);
    assert_eq!(server.number("inFlightRefusals"), 6.0, "each chunk was refused twice, and sent again");
    assert!(server.joined(1) == input, "every chunk stored, byte-identical");
    assert!(device_chunks("entry-in-flight").await.is_empty());
}

#[wasm_bindgen_test]
async fn forbidden_fails_at_once_and_leaves_the_chunk_on_the_device_until_discarded() {
    let (server, pipeline) = opened(Options { entry_id: "entry-403", forbid: true, ..Default::default() }).await;
    pipeline.push_chunk(&[1; 1500]);
    assert!(eventually(3000.0, || pipeline.snapshot().phase == Phase::Failed).await);
    assert_eq!(pipeline.snapshot().last_error.as_deref(), Some("Upload failed with status 403"));
    assert_eq!(server.number("puts"), 1.0, "no retry after a 403");
    let error = JsFuture::from(pipeline.finish()).await.unwrap_err();
    assert_eq!(error_name(&error), "UploadFailed");
    assert_eq!(error_message(&error), "Failed to upload recording. Please try again.");
    let pending = JsFuture::from(Recorder::pending("entry-403".into())).await.unwrap();
    assert_eq!((field(&pending, "chunks").as_f64(), field(&pending, "bytes").as_f64()), (Some(1.0), Some(1500.0)));
    JsFuture::from(Recorder::discard("entry-403".into())).await.unwrap();
    assert!(device_chunks("entry-403").await.is_empty());
    let pending = JsFuture::from(Recorder::pending("entry-403".into())).await.unwrap();
    assert_eq!(field(&pending, "chunks").as_f64(), Some(0.0));
}

#[wasm_bindgen_test]
async fn abort_rejects_a_pending_finish_deletes_the_entry_and_the_device_copy() {
    let (server, pipeline) = opened(Options { entry_id: "entry-abort", ..Default::default() }).await;
    server.set_offline(true);
    pipeline.push_chunk(&[2; 2500]);
    pipeline.push_chunk(&[3; 2500]);
    let finishing = JsFuture::from(pipeline.finish());
    assert!(eventually(3000.0, || pipeline.snapshot().pending_chunks == 2).await);
    assert_eq!(device_chunks("entry-abort").await.len(), 2);
    server.set_offline(false);
    JsFuture::from(pipeline.abort()).await.unwrap();
    let error = finishing.await.unwrap_err();
    assert_eq!(error_name(&error), "RecordingAborted");
    assert_eq!(pipeline.snapshot().phase, Phase::Aborted);
    assert_eq!(server.get("deleted").as_bool(), Some(true));
    assert!(server.get("completed").is_null());
    assert!(device_chunks("entry-abort").await.is_empty(), "nothing of the entry stays on the device");
}

#[wasm_bindgen_test]
async fn nothing_recorded_is_empty() {
    let (_server, pipeline) = opened(Options { entry_id: "entry-empty", ..Default::default() }).await;
    let error = JsFuture::from(pipeline.finish()).await.unwrap_err();
    assert_eq!(error_name(&error), "RecordingEmpty");
    assert_eq!(error_message(&error), "Recording is empty. Please try recording again.");
}

#[wasm_bindgen_test]
async fn a_camera_track_fills_its_own_file_aligned_to_the_screen_and_never_completes_or_deletes() {
    let (server, screen) = opened(Options { entry_id: "entry-camera", ..Default::default() }).await;
    let camera = Pipeline::new("entry-camera", "/api/v1", Track::Camera);
    // The screen started 150 ms before the camera.
    let screen_started = web_sys::window().unwrap().performance().unwrap().now() - 150.0;
    camera
        .open("video/webm;codecs=vp8", Resume { align_to: Some(screen_started), ..Resume::default() }, 0)
        .await
        .unwrap();
    let body = server.get("started");
    assert_eq!(Reflect::get(&body, &"track".into()).unwrap().as_string(), None, "the screen's opening names no track");

    // While offline, the camera's chunks wait on the device under their own key.
    server.set_offline(true);
    camera.push_chunk(&[7; 3000]);
    screen.push_chunk(&[1; 2000]);
    assert!(
        eventually(3000.0, || camera.snapshot().pending_chunks == 1 && screen.snapshot().pending_chunks == 1).await
    );
    assert_eq!(device_chunks("entry-camera#camera").await.len(), 1);
    assert_eq!(device_chunks("entry-camera").await.len(), 1, "the screen's chunks are apart");
    server.set_offline(false);
    fire_online();
    camera.push_chunk(&[8; 500]);
    JsFuture::from(camera.finish()).await.unwrap();
    assert_eq!(camera.snapshot().phase, Phase::Done);
    assert!(
        !server.log().iter().any(|l| l == "POST /complete"),
        "the camera never completes: the screen's completion closes its file"
    );

    let (start, chunks) = server.camera(1).expect("a camera file for segment 1");
    let start = start.expect("x-lupa-start-ms");
    assert!((150.0..2000.0).contains(&start), "the camera starts after the screen: {start}");
    assert_eq!(chunks.iter().map(|c| (c.index, c.size)).collect::<Vec<_>>(), vec![(0, 3000.0), (1, 500.0)]);
    assert!(server.chunks(1).iter().all(|c| c.size == 2000.0), "screen chunks stay in the screen's file");

    JsFuture::from(screen.finish()).await.unwrap();
    assert_eq!(server.log().iter().filter(|l| *l == "POST /complete").count(), 1);
    assert!(device_chunks("entry-camera#camera").await.is_empty() && device_chunks("entry-camera").await.is_empty());

    // A camera's abort only stops it: the entry is not deleted.
    let again = Pipeline::new("entry-camera", "/api/v1", Track::Camera);
    again.open("video/webm", Resume::default(), 0).await.unwrap();
    JsFuture::from(again.abort()).await.unwrap();
    assert_eq!(server.get("deleted").as_bool(), Some(false));
}
