//! What the device keeps: every chunk is in IndexedDB until acknowledged, a later recorder of the
//! same entry sends what an earlier tab left, a refused or missing IndexedDB falls back to memory,
//! and the tab's memory stays flat while chunks pile up offline. IndexedDB is read and disturbed
//! by fake_server.js directly, not through the recorder's own code.

use crate::support::{
    bytes, device_chunks, eventually, field, fire_online, hide_indexed_db, refuse_device_writes, sleep,
    wasm_memory_bytes, FakeServer, Options,
};
use lupa_recorder::api::Track;
use lupa_recorder::session::{Phase, Resume, Storage};
use lupa_recorder::{Pipeline, Recorder};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{opened, MIME};

/// Puts IndexedDB back even when an assertion fails, so later tests see a normal browser.
struct Disturbed(fn(bool));

impl Disturbed {
    fn start(set: fn(bool)) -> Self {
        set(true);
        Disturbed(set)
    }
}

impl Drop for Disturbed {
    fn drop(&mut self) {
        (self.0)(false);
    }
}

#[wasm_bindgen_test]
async fn a_chunk_whose_put_fails_stays_on_the_device_and_the_next_recorder_sends_it() {
    let (server, first) = opened(Options { entry_id: "entry-crash", ..Default::default() }).await;
    server.set_offline(true);
    let (mut seed, mut input) = (11, Vec::new());
    for size in [40_000, 55_555, 1_234] {
        let chunk = bytes(size, &mut seed);
        input.extend_from_slice(&chunk);
        first.push_chunk(&chunk);
        sleep(50.0).await;
    }
    assert!(eventually(3000.0, || first.snapshot().pending_chunks == 3).await);
    assert_eq!(first.snapshot().storage, Storage::Device);
    let stored = device_chunks("entry-crash").await;
    assert_eq!(stored.len(), 3, "every chunk whose PUT failed is on the device");
    assert!(
        stored
            .iter()
            .enumerate()
            .all(|(i, c)| c.segment == 1 && c.index as usize == i && c.blob_size == c.size && c.offset_ms == 0.0),
        "{stored:?}"
    );
    assert_eq!(stored.iter().map(|c| c.size).sum::<f64>(), input.len() as f64);
    let last_end = stored.iter().map(|c| c.end_ms).fold(0.0, f64::max);
    let pending = JsFuture::from(Recorder::pending("entry-crash".into())).await.unwrap();
    assert_eq!(field(&pending, "chunks").as_f64(), Some(3.0));
    assert_eq!(field(&pending, "bytes").as_f64(), Some(input.len() as f64));
    assert_eq!(field(&pending, "lastEndMs").as_f64(), Some(last_end));

    // The tab crashes: its memory is gone, the device keeps the chunks.
    first.detach();
    drop(first);
    assert_eq!(device_chunks("entry-crash").await.len(), 3);
    server.set_offline(false);

    let second = Pipeline::new("entry-crash", "/api/v1", Track::Screen);
    second.open(MIME, Resume::default(), 0).await.unwrap();
    assert!(second.elapsed_ms() >= last_end, "the timer continues from what the device held");
    assert!(
        eventually(3000.0, || server.chunks(1).len() == 3).await,
        "the earlier tab's chunks went up with their own segment number"
    );
    assert!(server.joined(1) == input);
    second.push_chunk(&[7; 500]);
    JsFuture::from(second.finish()).await.unwrap();
    assert_eq!(second.snapshot().phase, Phase::Done);
    assert_eq!(server.chunks(2).len(), 1, "the new capture is segment 2");
    assert!(device_chunks("entry-crash").await.is_empty());
}

#[wasm_bindgen_test]
async fn refused_writes_keep_chunks_in_memory_and_recording_goes_on() {
    let (server, pipeline) = opened(Options { entry_id: "entry-quota", ..Default::default() }).await;
    server.set_offline(true);
    let (mut seed, mut input) = (5, Vec::new());
    {
        let _quota = Disturbed::start(refuse_device_writes);
        for _ in 0..2 {
            let chunk = bytes(20_000, &mut seed);
            input.extend_from_slice(&chunk);
            pipeline.push_chunk(&chunk);
        }
        assert!(eventually(3000.0, || pipeline.snapshot().pending_chunks == 2).await);
        assert_eq!(pipeline.snapshot().storage, Storage::Memory, "the state says only memory holds them");
        assert!(device_chunks("entry-quota").await.is_empty());
    }
    let chunk = bytes(20_000, &mut seed);
    input.extend_from_slice(&chunk);
    pipeline.push_chunk(&chunk);
    assert!(eventually(3000.0, || pipeline.snapshot().pending_chunks == 3).await);
    assert_eq!(device_chunks("entry-quota").await.len(), 1, "the device is used again once it takes writes");
    server.set_offline(false);
    fire_online();
    assert!(eventually(5000.0, || pipeline.snapshot().pending_chunks == 0).await);
    assert_eq!(pipeline.snapshot().storage, Storage::Device);
    JsFuture::from(pipeline.finish()).await.unwrap();
    assert!(server.joined(1) == input, "nothing lost");
}

#[wasm_bindgen_test]
async fn without_indexeddb_recording_still_works_from_memory() {
    let server = FakeServer::install(Options { entry_id: "entry-no-idb", ..Default::default() });
    let _hidden = Disturbed::start(hide_indexed_db);
    let pipeline = Pipeline::new("entry-no-idb", "/api/v1", Track::Screen);
    pipeline.open(MIME, Resume::default(), 0).await.unwrap();
    assert_eq!(pipeline.snapshot().storage, Storage::Memory);
    pipeline.push_chunk(&[4; 3000]);
    JsFuture::from(pipeline.finish()).await.unwrap();
    assert_eq!(pipeline.snapshot().phase, Phase::Done);
    assert_eq!(server.joined(1), vec![4; 3000]);
    let pending = JsFuture::from(Recorder::pending("entry-no-idb".into())).await.unwrap();
    assert_eq!(field(&pending, "chunks").as_f64(), Some(0.0));
}

#[wasm_bindgen_test]
async fn memory_stays_flat_while_chunks_pile_up_offline() {
    const CHUNK: usize = 64 * 1024;
    const CHUNKS: u32 = 300;
    let (server, pipeline) = opened(Options { entry_id: "entry-flat", ..Default::default() }).await;
    server.set_offline(true);
    let mut seed = 9;
    // Warm-up: the allocator has seen a chunk's worth of bytes before the baseline.
    for _ in 0..10 {
        pipeline.push_chunk(&bytes(CHUNK, &mut seed));
    }
    assert!(eventually(5000.0, || pipeline.snapshot().pending_chunks == 10).await);
    let before = wasm_memory_bytes();
    for i in 0..CHUNKS {
        pipeline.push_chunk(&bytes(CHUNK, &mut seed));
        if i % 20 == 0 {
            sleep(5.0).await;
        }
    }
    assert!(
        eventually(40_000.0, || pipeline.snapshot().pending_chunks == CHUNKS + 10).await,
        "{:?}",
        pipeline.snapshot()
    );
    let after = wasm_memory_bytes();
    let held = f64::from(CHUNKS) * CHUNK as f64;
    web_sys::console::log_1(
        &format!("wasm memory: {before} B before, {after} B after {held} B recorded offline").into(),
    );
    assert!(after - before <= 1024.0 * 1024.0, "memory grew by {} B for {held} B recorded", after - before);
    assert_eq!(device_chunks("entry-flat").await.len() as u32, CHUNKS + 10, "the recording waits on the device");
    server.set_offline(false);
    fire_online();
    assert!(eventually(40_000.0, || pipeline.snapshot().pending_chunks == 0).await);
    JsFuture::from(pipeline.finish()).await.unwrap();
    assert_eq!(server.chunks(1).len() as u32, CHUNKS + 10);
}
