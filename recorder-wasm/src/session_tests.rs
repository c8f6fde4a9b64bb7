//! Whole recordings through the pure session, with an in-memory "server".

use super::*;
use std::collections::BTreeMap;

const CHROMIUM_WEBM: &[u8] = include_bytes!("../fixtures/chromium.webm");

/// Runs every command at once against a server that accepts everything (or fails some puts).
#[derive(Default)]
struct Server {
    parts: BTreeMap<u32, Vec<u8>>,
    puts: u32,
    completes: u32,
    fail_every: Option<u32>,
}

impl Server {
    fn serve(&mut self, s: &mut Session, now: f64) {
        for _ in 0..10_000 {
            let commands = s.poll(now);
            let work: Vec<_> = commands.into_iter().filter(|c| !matches!(c, Command::WakeIn(_))).collect();
            if work.is_empty() {
                return;
            }
            for c in work {
                match c {
                    Command::Upload(n) => {
                        self.puts += 1;
                        if self.fail_every.is_some_and(|k| self.puts.is_multiple_of(k)) {
                            s.part_failed(n, Failure::Status(503), now, 0.0);
                        } else {
                            self.parts.insert(n, s.part_bytes(n).unwrap().to_vec());
                            s.part_uploaded(n, now);
                        }
                    }
                    Command::Complete => {
                        self.completes += 1;
                        s.completed();
                    }
                    Command::WakeIn(_) => {}
                }
            }
        }
    }

    fn joined(&self) -> Vec<u8> {
        self.parts.values().flatten().copied().collect()
    }
}

#[test]
fn mp4_recording_uploads_equal_parts_and_completes() {
    let mut s = Session::new("video/mp4;codecs=vp9,opus", 1000, 0.0);
    let mut server = Server { fail_every: Some(3), ..Default::default() };
    let data: Vec<u8> = (0..10_500u32).map(|i| (i % 253) as u8).collect();
    for (i, chunk) in data.chunks(777).enumerate() {
        s.chunk(chunk);
        server.serve(&mut s, i as f64 * 1000.0);
    }
    s.mark_step(0, 100.0);
    assert_eq!(s.snapshot(500.0).phase, Phase::Recording);
    s.request_stop(14_000.0);
    s.chunk(&[]);
    s.media_stopped(14_100.0);
    s.media_stopped(14_200.0);
    server.serve(&mut s, 14_100.0);
    assert_eq!(s.phase(), Phase::Done);
    assert_eq!(server.completes, 1);
    assert_eq!(server.joined(), data);
    assert!(server.parts.values().rev().skip(1).all(|p| p.len() == 1000));
    assert_eq!(s.duration_ms(), 14_000);
    let snap = s.snapshot(99_999.0);
    assert_eq!((snap.progress, snap.bytes_uploaded, snap.parts_uploaded, snap.parts_pending), (100.0, 10_500, 11, 0));
    assert_eq!(snap.elapsed_ms, 14_000.0, "the clock stops at finish()");
    assert_eq!(snap.last_error, None);
}

#[test]
fn webm_recording_re_sends_part_one_with_the_duration() {
    let mut s = Session::new("video/webm;codecs=vp8,opus", 4096, 0.0);
    let mut server = Server::default();
    for chunk in CHROMIUM_WEBM.chunks(3000) {
        s.chunk(chunk);
        server.serve(&mut s, 0.0);
    }
    let puts_before = server.puts;
    assert!(server.parts.contains_key(&1));
    s.request_stop(2345.0);
    s.media_stopped(2400.0);
    server.serve(&mut s, 2400.0);
    assert_eq!(s.phase(), Phase::Done);
    let parts = CHROMIUM_WEBM.len().div_ceil(4096) as u32;
    assert_eq!(server.puts, puts_before + 2, "the last part and part 1 again");
    assert_eq!(server.parts.len() as u32, parts);
    assert!(server.parts.values().rev().skip(1).all(|p| p.len() == 4096));
    let joined = server.joined();
    assert_eq!(joined.len(), CHROMIUM_WEBM.len());
    assert_eq!(webm::read_webm_duration(&joined), Ok(Some(2345.0)));
    assert_eq!(joined[4096..], CHROMIUM_WEBM[4096..]);
    assert_eq!(s.header_note, None);
    assert_eq!(s.snapshot(3000.0).parts_uploaded, parts, "part 1 counted once");
}

#[test]
fn a_short_webm_recording_uploads_its_single_patched_part_once() {
    let mut s = Session::new("video/webm", 5_242_880, 0.0);
    let mut server = Server::default();
    s.chunk(CHROMIUM_WEBM);
    s.request_stop(2000.0);
    s.media_stopped(2000.0);
    server.serve(&mut s, 2000.0);
    assert_eq!(s.phase(), Phase::Done);
    assert_eq!(server.puts, 1);
    assert_eq!(webm::read_webm_duration(&server.joined()), Ok(Some(2000.0)));
}

#[test]
fn nothing_recorded_is_empty() {
    let mut s = Session::new("video/mp4", 1000, 0.0);
    s.request_stop(10.0);
    s.media_stopped(10.0);
    assert_eq!(s.phase(), Phase::Failed);
    assert_eq!(s.fault(), Some(&Fault::Empty));
    assert_eq!(s.snapshot(10.0).last_error.as_deref(), Some(EMPTY_MESSAGE));
}

#[test]
fn capture_ending_on_its_own_fails_the_recording() {
    let mut s = Session::new("video/mp4", 1000, 0.0);
    s.chunk(&[1; 10]);
    s.media_stopped(500.0);
    assert_eq!(s.phase(), Phase::Failed);
    assert_eq!(s.fault(), Some(&Fault::Media(STOPPED_MESSAGE.to_string())));
    assert!(s.poll(600.0).is_empty(), "nothing is uploaded after a failure");
}

#[test]
fn media_error_and_abort() {
    let mut s = Session::new("video/mp4", 1000, 0.0);
    s.media_error("boom");
    assert_eq!(s.snapshot(0.0).last_error.as_deref(), Some("Recording error: boom"));
    s.abort();
    assert_eq!(s.phase(), Phase::Aborted, "leaving after a failure deletes too");
    let mut s = Session::new("video/mp4", 1000, 0.0);
    s.chunk(&[1; 10]);
    s.abort();
    assert_eq!(s.phase(), Phase::Aborted);
    s.chunk(&[1; 10]);
    assert_eq!(s.snapshot(0.0).bytes_recorded, 10);
}

#[test]
fn forbidden_upload_fails_while_recording() {
    let mut s = Session::new("video/mp4", 10, 0.0);
    s.chunk(&[1; 25]);
    let commands = s.poll(0.0);
    assert_eq!(commands, vec![Command::Upload(1), Command::Upload(2)]);
    s.part_failed(1, Failure::Status(403), 1.0, 0.5);
    assert!(s.poll(1.0).is_empty());
    assert_eq!(s.phase(), Phase::Failed);
    assert_eq!(s.fault(), Some(&Fault::Upload(UploadError::Rejected(403))));
}

#[test]
fn snapshot_reports_retries_and_progress() {
    let mut s = Session::new("video/mp4", 10, 0.0);
    assert_eq!(s.snapshot(0.0).progress, 25.0);
    s.chunk(&[1; 20]);
    s.poll(0.0);
    s.part_uploaded(1, 1.0);
    s.part_failed(2, Failure::Network, 1.0, 0.5);
    let snap = s.snapshot(1500.0);
    assert!(snap.retrying);
    assert_eq!(snap.last_error.as_deref(), Some("Upload failed: network error (retrying)"));
    assert_eq!(snap.progress, 62.5);
    assert_eq!(snap.elapsed_ms, 1500.0);
    assert_eq!((snap.parts_uploaded, snap.parts_pending, snap.bytes_recorded), (1, 1, 20));
    let later = s.snapshot(2500.0);
    assert!(!later.differs_from(&snap), "the clock alone is not a change");
    s.mark_step(3, 2000.0);
    assert_eq!(s.steps(), &[StepMark { index: 3, at_ms: 2000 }]);
}
