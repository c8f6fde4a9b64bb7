//! Whole recordings through the pure session, with an in-memory "server".

use super::*;
use crate::upload::UploadError;
use std::collections::BTreeMap;

const MAX: u64 = 1000;

fn segment(segment: u32, recorded_ms: u64) -> SegmentInfo {
    SegmentInfo { segment, chunk_max_bytes: MAX, recorded_ms }
}

fn new_session() -> Session {
    Session::new("video/mp4;codecs=vp9,opus", segment(1, 0), Resume::default(), &[], 0.0)
}

/// Runs every command at once against a server that stores chunk sizes and end times, and can
/// fail requests.
#[derive(Default)]
struct Server {
    chunks: BTreeMap<ChunkKey, (u64, u64)>,
    puts: u32,
    steps_puts: Vec<Vec<StepMark>>,
    completes: Vec<(u64, Vec<StepMark>)>,
    forgotten: Vec<ChunkKey>,
    media_stops: u32,
    fail_every: Option<u32>,
    offline: bool,
    /// Chunks whose end on the timeline passes this answer 413.
    max_timeline_ms: Option<u64>,
    /// Tier changes asked for, and the segment number the next one gets.
    rotations: Vec<u8>,
    next_segment: u32,
}

impl Server {
    fn serve(&mut self, s: &mut Session, now: f64) {
        for _ in 0..10_000 {
            let work: Vec<_> = s.poll(now).into_iter().filter(|c| !matches!(c, Command::WakeIn(_))).collect();
            if work.is_empty() {
                return;
            }
            for c in work {
                match c {
                    Command::Upload(key) => {
                        self.puts += 1;
                        let info = s.chunk_info(key).unwrap();
                        if self.offline {
                            s.chunk_failed(key, Failure::Network, None, now, 0.5);
                        } else if self.fail_every.is_some_and(|k| self.puts.is_multiple_of(k)) {
                            s.chunk_failed(key, Failure::Status(503), None, now, 0.0);
                        } else if self.max_timeline_ms.is_some_and(|max| s.base_ms() + info.end_ms > max) {
                            s.chunk_failed(key, Failure::Status(413), Some("Límite alcanzado".into()), now, 0.0);
                        } else {
                            self.chunks.insert(key, (info.size, info.end_ms));
                            s.chunk_uploaded(key, now);
                        }
                    }
                    Command::Forget(key) => self.forgotten.push(key),
                    Command::Rotate { tier, align_to } => {
                        self.rotations.push(tier);
                        let next = self.next_segment.max(s.segment() + 1);
                        s.rotated(segment(next, 0), "video/webm", tier, s.generation() + 1, align_to, now);
                    }
                    Command::PutSteps if self.offline => s.steps_answered(Err(Failure::Network), now, 0.5),
                    Command::PutSteps => {
                        self.steps_puts.push(s.steps().to_vec());
                        s.steps_answered(Ok(()), now, 0.5);
                    }
                    Command::Complete if self.offline => s.complete_answered(Err(Failure::Network), now, 0.5),
                    Command::Complete => {
                        self.completes.push((s.duration_ms(), s.steps().to_vec()));
                        s.complete_answered(Ok(()), now, 0.5);
                    }
                    Command::StopMedia => self.media_stops += 1,
                    Command::WakeIn(_) => {}
                }
            }
        }
    }

    fn bytes(&self) -> u64 {
        self.chunks.values().map(|c| c.0).sum()
    }
}

/// MediaRecorder delivers `size` bytes at `at`; they are stored on the device at once.
fn record(s: &mut Session, size: u64, at: f64) -> Vec<NewChunk> {
    let chunks = s.cut(size, at);
    for c in &chunks {
        s.stored(c, Place::Device);
    }
    chunks
}

#[test]
fn a_recording_uploads_numbered_chunks_with_end_times_and_completes_after_the_last() {
    let mut s = new_session();
    let mut server = Server { fail_every: Some(3), ..Default::default() };
    let sizes = [300u64, 2500, 999, 1, 1000, 1001, 40];
    for (second, size) in sizes.iter().enumerate() {
        let at = (second as f64 + 1.0) * 1000.0 + 3.4;
        let chunks = record(&mut s, *size, at);
        assert_eq!(chunks.len() as u64, size.div_ceil(MAX), "chunks of at most chunkMaxBytes");
        assert!(chunks.iter().all(|c| c.end_ms == (at.round() as u64)));
        server.serve(&mut s, at);
    }
    s.mark_step(0, 100.0);
    assert_eq!(s.snapshot(500.0).phase, Phase::Recording);
    s.request_stop(8_000.0);
    assert!(s.cut(0, 8_010.0).is_empty());
    record(&mut s, 77, 8_020.0);
    s.media_stopped(8_020.0);
    s.media_stopped(8_030.0);
    assert!(s.cut(5, 8_040.0).is_empty(), "nothing after the last chunk");
    server.serve(&mut s, 8_020.0);
    assert_eq!(s.phase(), Phase::Done);
    assert_eq!(server.completes, vec![(8_000, vec![StepMark { index: 0, at_ms: 100 }])]);
    let total: u64 = sizes.iter().sum::<u64>() + 77;
    assert_eq!(server.bytes(), total);
    let keys: Vec<u32> = server.chunks.keys().map(|k| k.index).collect();
    assert_eq!(keys, (0..keys.len() as u32).collect::<Vec<_>>(), "numbered from 0 without gaps");
    assert!(server.chunks.keys().all(|k| k.segment == 1));
    let ends: Vec<u64> = server.chunks.values().map(|c| c.1).collect();
    assert!(ends.windows(2).all(|w| w[0] <= w[1]), "end times never go back: {ends:?}");
    assert_eq!(ends.last(), Some(&8_020));
    let snap = s.snapshot(99_999.0);
    assert_eq!(
        (snap.progress, snap.bytes_uploaded, snap.bytes_recorded, snap.pending_chunks),
        (100.0, total, total, 0)
    );
    assert_eq!(snap.chunks_uploaded as usize, keys.len());
    assert_eq!(snap.elapsed_ms, 8_000.0, "the clock stops at finish()");
    assert_eq!((snap.last_error, snap.limit_message, snap.storage), (None, None, Storage::Device));
}

#[test]
fn a_resumed_segment_continues_the_timeline_and_sends_what_an_earlier_tab_left_first() {
    // Tab 1 recorded segment 1 up to 42 s on the timeline but crashed with two chunks unsent.
    let left = [
        LeftChunk { key: ChunkKey { segment: 1, index: 40 }, size: 700, end_ms: 41_000, offset_ms: 0 },
        LeftChunk { key: ChunkKey { segment: 1, index: 41 }, size: 300, end_ms: 42_000, offset_ms: 0 },
    ];
    assert_eq!(left[1].timeline_end(), 42_000);
    assert_eq!(PendingSummary::of(&left), PendingSummary { chunks: 2, bytes: 1000, last_end_ms: 42_000 });
    assert_eq!(PendingSummary::of(&[]), PendingSummary::default());
    let resume = Resume {
        recorded_ms: 39_000,
        steps: vec![StepMark { index: 0, at_ms: 0 }, StepMark { index: 2, at_ms: 30_000 }],
        align_to: None,
    };
    // The server knows 39 s; the device holds more, so the timeline continues at 42 s.
    let mut s = Session::new("video/mp4", segment(2, 39_000), resume, &left, 100_000.0);
    assert_eq!(s.base_ms(), 42_000);
    assert_eq!(s.elapsed_ms(101_000.0), 43_000.0);
    let snap = s.snapshot(100_000.0);
    assert_eq!((snap.pending_chunks, snap.pending_bytes), (2, 1000));
    s.mark_step(2, 100_500.0);
    s.mark_step(3, 102_000.0);
    let mut server = Server { offline: true, ..Default::default() };
    record(&mut s, 500, 101_000.0);
    server.serve(&mut s, 101_000.0);
    assert!(server.chunks.is_empty());
    s.request_stop(103_000.0);
    s.media_stopped(103_000.0);
    server.serve(&mut s, 103_000.0);
    assert_eq!(s.phase(), Phase::Finishing, "offline: finish waits");
    let waiting = s.snapshot(200_000.0);
    assert!(!waiting.online && waiting.retrying && waiting.progress == 25.0, "{waiting:?}");
    s.set_online(true, 200_000.0);
    server.offline = false;
    server.serve(&mut s, 200_001.0);
    assert_eq!(s.phase(), Phase::Done);
    let order: Vec<ChunkKey> = server.chunks.keys().copied().collect();
    assert_eq!(
        order,
        vec![ChunkKey { segment: 1, index: 40 }, ChunkKey { segment: 1, index: 41 }, ChunkKey { segment: 2, index: 0 }]
    );
    assert_eq!(
        server.chunks[&ChunkKey { segment: 2, index: 0 }],
        (500, 1000),
        "end time counts from this segment's start"
    );
    let (duration, steps) = &server.completes[0];
    assert_eq!(*duration, 45_000);
    let marks: Vec<(u32, u64)> = steps.iter().map(|m| (m.index, m.at_ms)).collect();
    assert_eq!(marks, vec![(0, 0), (2, 30_000), (3, 44_000)], "the step returned to is not repeated");
    assert!(server.steps_puts.is_empty(), "the offline step PUT was superseded by the completion");
}

#[test]
fn step_marks_reach_the_server_while_recording_coalesced() {
    let mut s = new_session();
    let mut server = Server::default();
    s.mark_step(0, 0.0);
    s.mark_step(1, 5_000.0);
    server.serve(&mut s, 5_000.0);
    assert_eq!(server.steps_puts.len(), 1, "two marks, one request");
    assert_eq!(server.steps_puts[0].len(), 2);
    s.mark_step(1, 6_000.0);
    server.serve(&mut s, 6_000.0);
    assert_eq!(server.steps_puts.len(), 1, "an unchanged list is not sent");
    s.mark_step(2, 7_000.0);
    server.serve(&mut s, 7_000.0);
    assert_eq!(server.steps_puts.last().map(Vec::len), Some(3));
}

#[test]
fn reaching_the_limit_stops_the_recorder_and_what_was_stored_still_completes() {
    let mut s = Session::new("video/mp4", segment(2, 10_000), Resume::default(), &[], 0.0);
    let mut server = Server { max_timeline_ms: Some(13_500), ..Default::default() };
    for second in 1..=5 {
        record(&mut s, 400, f64::from(second) * 1000.0);
        if second == 3 {
            server.serve(&mut s, 3_000.0);
        }
    }
    server.serve(&mut s, 5_000.0);
    assert_eq!(server.media_stops, 1, "MediaRecorder is stopped once");
    let snap = s.snapshot(9_000.0);
    assert_eq!(snap.limit_message.as_deref(), Some("Límite alcanzado"));
    assert_eq!(snap.phase, Phase::Recording);
    assert_eq!(snap.elapsed_ms, 15_000.0, "the clock stopped at the 413");
    assert_eq!(server.chunks.len(), 3);
    assert_eq!(server.forgotten, vec![ChunkKey { segment: 2, index: 3 }, ChunkKey { segment: 2, index: 4 }]);
    assert!(record(&mut s, 400, 6_000.0).is_empty(), "the last chunks MediaRecorder delivers are dropped");
    s.media_stopped(6_100.0);
    assert_eq!(s.phase(), Phase::Recording, "stopping at the limit is not 'capture ended'");
    s.request_stop(20_000.0);
    s.media_stopped(20_000.0);
    server.serve(&mut s, 20_000.0);
    assert_eq!(s.phase(), Phase::Done);
    assert_eq!(server.completes[0].0, 15_000);
}

#[test]
fn a_limit_without_a_readable_message_gets_the_fallback() {
    let mut s = new_session();
    record(&mut s, 10, 1000.0);
    let key = match s.poll(1000.0).first() {
        Some(Command::Upload(key)) => *key,
        other => panic!("{other:?}"),
    };
    s.chunk_failed(key, Failure::Status(413), Some("  ".into()), 1000.0, 0.0);
    assert_eq!(s.snapshot(1000.0).limit_message.as_deref(), Some(LIMIT_FALLBACK_MESSAGE));
}

#[test]
fn nothing_recorded_is_empty_unless_earlier_segments_exist() {
    let mut s = new_session();
    s.request_stop(10.0);
    s.media_stopped(10.0);
    assert_eq!(s.phase(), Phase::Failed);
    assert_eq!(s.fault(), Some(&Fault::Empty));
    assert_eq!(s.snapshot(10.0).last_error.as_deref(), Some(EMPTY_MESSAGE));

    let mut s = Session::new("video/mp4", segment(2, 30_000), Resume::default(), &[], 0.0);
    s.request_stop(10.0);
    s.media_stopped(10.0);
    Server::default().serve(&mut s, 10.0);
    assert_eq!(s.phase(), Phase::Done, "a resumed participation finished at once completes what the server has");
}

#[test]
fn capture_ending_on_its_own_fails_the_recording() {
    let mut s = new_session();
    record(&mut s, 10, 100.0);
    s.media_stopped(500.0);
    assert_eq!(s.phase(), Phase::Failed);
    assert_eq!(s.fault(), Some(&Fault::Media(STOPPED_MESSAGE.to_string())));
    assert!(s.poll(600.0).is_empty(), "nothing is uploaded after a failure");
}

#[test]
fn media_error_and_abort() {
    let mut s = new_session();
    s.media_error("boom");
    assert_eq!(s.snapshot(0.0).last_error.as_deref(), Some("Recording error: boom"));
    s.abort();
    assert_eq!(s.phase(), Phase::Aborted, "leaving after a failure deletes too");
    let mut s = new_session();
    record(&mut s, 10, 100.0);
    s.abort();
    assert_eq!(s.phase(), Phase::Aborted);
    assert!(s.cut(10, 200.0).is_empty());
    assert_eq!(s.snapshot(0.0).bytes_recorded, 10);
}

#[test]
fn forbidden_upload_fails_while_recording() {
    let mut s = new_session();
    record(&mut s, 2500, 1000.0);
    let commands = s.poll(1000.0);
    let key = ChunkKey { segment: 1, index: 0 };
    assert_eq!(commands, vec![Command::Upload(key), Command::Upload(ChunkKey { segment: 1, index: 1 })]);
    s.chunk_failed(key, Failure::Status(403), None, 1001.0, 0.5);
    assert!(s.poll(1001.0).is_empty());
    assert_eq!(s.phase(), Phase::Failed);
    assert_eq!(s.fault(), Some(&Fault::Upload(UploadError::Rejected(403))));
}

#[test]
fn snapshot_reports_retries_connectivity_storage_and_progress() {
    let mut s = new_session();
    assert_eq!(s.snapshot(0.0).progress, 25.0);
    let chunks = s.cut(20, 1000.0);
    s.stored(&chunks[0], Place::Memory);
    assert_eq!(s.snapshot(1000.0).storage, Storage::Memory, "a chunk only memory holds");
    record(&mut s, 20, 1100.0);
    s.poll(1100.0);
    s.chunk_uploaded(chunks[0].key, 1200.0);
    s.chunk_failed(ChunkKey { segment: 1, index: 1 }, Failure::Network, None, 1300.0, 0.5);
    let snap = s.snapshot(1500.0);
    assert!(snap.retrying && !snap.online);
    assert_eq!(snap.storage, Storage::Device, "the memory chunk is on the server now");
    assert_eq!(snap.last_error.as_deref(), Some("Upload failed: network error (retrying)"));
    assert_eq!(snap.progress, 62.5);
    assert_eq!(snap.elapsed_ms, 1500.0);
    assert_eq!((snap.chunks_uploaded, snap.pending_chunks, snap.pending_bytes, snap.bytes_recorded), (1, 1, 20, 40));
    let later = s.snapshot(2500.0);
    assert!(!later.differs_from(&snap), "the clock alone is not a change");
    s.set_online(true, 2500.0);
    assert!(s.snapshot(2500.0).online);
    assert_eq!(
        s.poll(2500.0),
        vec![Command::Upload(ChunkKey { segment: 1, index: 1 })],
        "back online: retried at once"
    );
    s.set_device_storage(false);
    assert_eq!(s.snapshot(2500.0).storage, Storage::Memory, "no IndexedDB at all");
}

#[test]
fn a_camera_that_stops_on_its_own_keeps_what_it_recorded_and_completes() {
    // The camera started 250 ms after the screen it aligns to.
    let resume = Resume { align_to: Some(9_750.0), ..Resume::default() };
    let mut s = Session::new("video/webm;codecs=vp8", segment(1, 0), resume, &[], 10_000.0);
    s.set_ends_with_media(true);
    assert_eq!(s.start_ms(), Some(250));
    let mut server = Server::default();
    record(&mut s, 400, 11_000.0);
    record(&mut s, 300, 12_000.0);
    server.serve(&mut s, 12_000.0);
    // The participant turned the camera off: MediaRecorder delivers its last chunk and stops.
    record(&mut s, 50, 12_500.0);
    s.media_stopped(12_500.0);
    server.serve(&mut s, 12_500.0);
    assert_eq!(s.phase(), Phase::Done, "not a failure: the analysis goes on without the camera");
    assert_eq!(server.bytes(), 750);
    assert_eq!(server.completes.len(), 1);
    assert_eq!(s.snapshot(20_000.0).elapsed_ms, 2_500.0, "its clock stopped with it");
    assert_eq!(new_session().start_ms(), None, "the screen aligns to nothing");
}

#[test]
fn a_camera_that_recorded_nothing_before_it_stopped_is_empty() {
    let mut s = Session::new("video/webm", segment(1, 0), Resume::default(), &[], 0.0);
    s.set_ends_with_media(true);
    s.media_stopped(100.0);
    assert_eq!(s.phase(), Phase::Failed);
    assert_eq!(s.fault(), Some(&Fault::Empty));
}

#[test]
fn an_answer_to_a_request_sent_before_going_offline_keeps_the_offline_notice() {
    // The step PUT and a chunk leave, the browser says it is offline, then both are answered: the
    // answers say nothing about now, so the notice stays until a request sent since is answered.
    let mut s = new_session();
    let chunks = s.cut(20, 1000.0);
    s.stored(&chunks[0], Place::Memory);
    s.mark_step(1, 1000.0);
    let sent = s.poll(1000.0);
    assert!(sent.contains(&Command::Upload(chunks[0].key)) && sent.contains(&Command::PutSteps), "{sent:?}");
    s.set_online(false, 1100.0);
    s.steps_answered(Ok(()), 1200.0, 0.5);
    s.chunk_uploaded(chunks[0].key, 1300.0);
    assert!(!s.snapshot(1300.0).online, "answers to requests sent before the offline event");
    // A request sent after it (the rare probe, or a step PUT) that is answered proves the network.
    s.mark_step(2, 2000.0);
    assert!(s.poll(2000.0).contains(&Command::PutSteps));
    s.steps_answered(Ok(()), 2100.0, 0.5);
    assert!(s.snapshot(2100.0).online, "an answer to a request sent while offline");
    // And the browser's own word still counts both ways.
    s.set_online(false, 3000.0);
    assert!(!s.snapshot(3000.0).online);
    s.set_online(true, 4000.0);
    assert!(s.snapshot(4000.0).online);
}
