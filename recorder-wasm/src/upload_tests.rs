//! Host tests of the upload state machine, including a simulated network with outages.

use super::*;
use std::collections::BTreeMap;

#[test]
fn backoff_is_exponential_with_full_jitter_and_a_cap() {
    assert_eq!(next_delay(0, 0.7), 0.0);
    let ceilings = [500.0, 1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 20000.0, 20000.0];
    for (i, ceiling) in ceilings.iter().enumerate() {
        let attempt = i as u32 + 1;
        assert_eq!(next_delay(attempt, 1.0), *ceiling, "attempt {attempt}");
        assert_eq!(next_delay(attempt, 0.0), 0.0);
        let mid = next_delay(attempt, 0.5);
        assert!(mid > 0.0 && mid < *ceiling);
    }
    assert_eq!(next_delay(u32::MAX, 1.0), MAX_DELAY_MS, "no overflow");
    assert_eq!(next_delay(3, 7.0), 2000.0, "random is clamped");
    assert_eq!(next_delay(3, -1.0), 0.0);
    assert_eq!(next_delay(3, f64::NAN), 2000.0);
    let mut rng = Rng(42);
    for attempt in 1..40 {
        let d = next_delay(attempt, rng.next());
        assert!((0.0..=MAX_DELAY_MS).contains(&d));
    }
}

#[test]
fn status_classification() {
    for s in [500, 502, 503, 504, 408, 429] {
        assert!(Failure::Status(s).is_retryable(), "{s}");
    }
    for s in [400, 401, 403, 404, 409, 411, 413] {
        assert!(!Failure::Status(s).is_retryable(), "{s}");
    }
    assert!(Failure::Network.is_retryable());
    assert_eq!(Failure::Status(403).describe(), "Upload failed with status 403");
}

#[test]
fn at_most_two_in_flight_lowest_first_and_complete_after_all_parts() {
    let mut up = Uploader::new();
    for n in 1..=4 {
        up.push_part(n, vec![n as u8; 10]);
    }
    assert_eq!(up.poll(0.0), vec![Command::Upload(1), Command::Upload(2)]);
    assert_eq!(up.poll(0.0), vec![]);
    up.upload_ok(2, 1.0);
    assert_eq!(up.poll(1.0), vec![Command::Upload(3)]);
    up.end(2.0);
    up.upload_ok(1, 3.0);
    up.upload_ok(3, 3.0);
    // Ended but part 4 is not acknowledged yet: no completion.
    let commands = up.poll(3.0);
    assert_eq!(commands[0], Command::Upload(4));
    assert!(!commands.contains(&Command::Complete));
    up.upload_ok(4, 4.0);
    assert_eq!(up.bytes_pending(), 0, "acknowledged parts are dropped");
    let commands = up.poll(4.0);
    assert_eq!(commands[0], Command::Complete);
    up.complete_ok();
    assert_eq!(up.outcome(), Outcome::Done);
    assert_eq!((up.parts_uploaded(), up.bytes_uploaded(), up.parts_pending()), (4, 40, 0));
    assert_eq!(up.poll(5.0), vec![]);
}

#[test]
fn forbidden_is_fatal_at_once() {
    let mut up = Uploader::new();
    up.push_part(1, vec![1]);
    up.poll(0.0);
    up.upload_failed(1, Failure::Status(403), 1.0, 0.5);
    assert_eq!(up.outcome(), Outcome::Failed(UploadError::Rejected(403)));
    assert_eq!(up.poll(1.0), vec![]);
    up.push_part(2, vec![2]);
    assert_eq!(up.poll(1.0), vec![], "nothing more is sent");
}

#[test]
fn rejected_completion_is_fatal_and_retryable_completion_retries() {
    let mut up = Uploader::new();
    up.push_part(1, vec![1]);
    up.poll(0.0);
    up.upload_ok(1, 0.0);
    up.end(0.0);
    assert_eq!(up.poll(0.0)[0], Command::Complete);
    up.complete_failed(Failure::Status(503), 1.0, 1.0);
    assert!(up.retrying());
    assert_eq!(up.last_failure(), Some(Failure::Status(503)));
    assert_eq!(up.poll(1.0), vec![Command::WakeIn(500.0)]);
    assert_eq!(up.poll(501.0)[0], Command::Complete);
    up.complete_failed(Failure::Status(400), 502.0, 1.0);
    assert_eq!(up.outcome(), Outcome::Failed(UploadError::Rejected(400)));
}

#[test]
fn failed_part_waits_for_its_backoff_while_later_parts_go_ahead() {
    let mut up = Uploader::new();
    up.push_part(1, vec![1]);
    up.push_part(2, vec![2]);
    up.push_part(3, vec![3]);
    up.poll(0.0);
    up.upload_failed(1, Failure::Network, 10.0, 1.0);
    assert!(up.retrying());
    assert_eq!(up.poll(10.0), vec![Command::Upload(3), Command::WakeIn(500.0)]);
    up.upload_ok(2, 20.0);
    up.upload_ok(3, 20.0);
    assert_eq!(up.poll(20.0), vec![Command::WakeIn(490.0)]);
    assert_eq!(up.poll(510.0), vec![Command::Upload(1)]);
    up.upload_failed(1, Failure::Status(502), 600.0, 1.0);
    assert_eq!(up.poll(600.0), vec![Command::WakeIn(1000.0)], "second retry waits up to 2 × base");
    up.retry_now();
    assert_eq!(up.poll(601.0), vec![Command::Upload(1)], "online: retry at once");
    up.upload_ok(1, 700.0);
    assert!(!up.retrying());
    assert_eq!(up.last_failure(), None);
}

#[test]
fn a_due_retry_blocked_by_the_in_flight_limit_sets_no_zero_timer() {
    let mut up = Uploader::new();
    for n in 1..=3 {
        up.push_part(n, vec![n as u8]);
    }
    up.poll(0.0);
    up.upload_failed(1, Failure::Network, 0.0, 1.0);
    assert_eq!(up.poll(0.0), vec![Command::Upload(3), Command::WakeIn(500.0)]);
    assert_eq!(up.poll(600.0), vec![], "part 1 is due but waits for a free slot, without a timer");
    up.upload_ok(2, 700.0);
    assert_eq!(up.poll(700.0), vec![Command::Upload(1)]);
}

#[test]
fn replacing_a_part_re_sends_it_and_counts_its_bytes_once() {
    let mut up = Uploader::new();
    // Queued: swapped in place, one upload.
    up.push_part(1, vec![0; 4]);
    up.push_part(1, vec![9; 4]);
    assert_eq!(up.poll(0.0), vec![Command::Upload(1)]);
    assert_eq!(up.part_bytes(1), Some(&[9u8; 4][..]));
    // In flight: re-sent after the ack.
    up.push_part(1, vec![7; 4]);
    up.upload_ok(1, 1.0);
    assert_eq!(up.poll(1.0), vec![Command::Upload(1)]);
    assert_eq!(up.part_bytes(1), Some(&[7u8; 4][..]));
    up.upload_ok(1, 2.0);
    // Acknowledged: uploaded again.
    up.push_part(1, vec![5; 4]);
    assert_eq!(up.poll(2.0), vec![Command::Upload(1)]);
    up.upload_ok(1, 3.0);
    assert_eq!((up.parts_uploaded(), up.bytes_uploaded(), up.parts_pending()), (1, 4, 0));
}

#[test]
fn stale_or_unknown_answers_are_ignored() {
    let mut up = Uploader::new();
    up.upload_ok(3, 0.0);
    up.upload_failed(3, Failure::Status(403), 0.0, 0.0);
    up.complete_ok();
    up.complete_failed(Failure::Status(400), 0.0, 0.0);
    assert_eq!(up.outcome(), Outcome::Running);
    up.push_part(MAX_PARTS + 1, vec![1]);
    assert_eq!(up.outcome(), Outcome::Failed(UploadError::TooManyParts));
}

// ---- simulated network ----------------------------------------------------------------------

/// xorshift64: deterministic randomness for jitter.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

enum Req {
    Part(u32, Vec<u8>),
    Complete,
}

struct Sim<F: Fn(f64) -> bool> {
    up: Uploader,
    now: f64,
    wake_at: Option<f64>,
    requests: Vec<(f64, f64, Req)>,
    server: BTreeMap<u32, Vec<u8>>,
    completes: u32,
    completed_with_parts: Vec<u32>,
    max_in_flight: usize,
    down: F,
    latency: f64,
    rng: Rng,
    failures: u32,
}

impl<F: Fn(f64) -> bool> Sim<F> {
    fn new(down: F, latency: f64) -> Self {
        Sim {
            up: Uploader::new(),
            now: 0.0,
            wake_at: None,
            requests: Vec::new(),
            server: BTreeMap::new(),
            completes: 0,
            completed_with_parts: Vec::new(),
            max_in_flight: 0,
            down,
            latency,
            rng: Rng(7),
            failures: 0,
        }
    }

    fn poll(&mut self) {
        for command in self.up.poll(self.now) {
            match command {
                Command::Upload(n) => {
                    let bytes = self.up.part_bytes(n).map(<[u8]>::to_vec).unwrap_or_default();
                    self.requests.push((self.now, self.now + self.latency, Req::Part(n, bytes)));
                }
                Command::Complete => self.requests.push((self.now, self.now + self.latency, Req::Complete)),
                Command::WakeIn(ms) => self.wake_at = Some(self.now + ms),
            }
        }
        self.max_in_flight = self.max_in_flight.max(self.requests.len());
    }

    /// Runs events until `until` (or until nothing is left to happen).
    fn run_until(&mut self, until: f64) {
        loop {
            let next_request = self.requests.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
            let next = next_request.min(self.wake_at.unwrap_or(f64::INFINITY));
            if next > until {
                self.now = self.now.max(until);
                return;
            }
            self.now = self.now.max(next);
            if let Some(i) = self.requests.iter().position(|r| r.1 <= self.now) {
                let (sent, _, req) = self.requests.remove(i);
                let failed = (self.down)(sent) || (self.down)(self.now);
                let r = self.rng.next();
                match (req, failed) {
                    (Req::Part(n, _), true) => {
                        self.failures += 1;
                        self.up.upload_failed(n, Failure::Network, self.now, r);
                    }
                    (Req::Part(n, bytes), false) => {
                        self.server.insert(n, bytes);
                        self.up.upload_ok(n, self.now);
                    }
                    (Req::Complete, true) => self.up.complete_failed(Failure::Status(503), self.now, r),
                    (Req::Complete, false) => {
                        self.completes += 1;
                        self.completed_with_parts = self.server.keys().copied().collect();
                        self.up.complete_ok();
                    }
                }
            } else {
                self.wake_at = None;
            }
            self.poll();
        }
    }
}

fn recording(len: usize) -> Vec<u8> {
    let mut rng = Rng(99);
    (0..len).map(|_| (rng.next() * 256.0) as u8).collect()
}

#[test]
fn a_two_minute_outage_while_recording_loses_nothing() {
    use crate::parts::Rechunker;
    // 5 minutes of recording, one 3000-byte chunk a second, 10 kB parts; the network is down from
    // 60 s to 200 s (2 min 20 s).
    let stream = recording(300 * 3000);
    let mut sim = Sim::new(|t| (60_000.0..200_000.0).contains(&t), 150.0);
    let mut rechunker = Rechunker::new(10_000, false);
    for (second, chunk) in stream.chunks(3000).enumerate() {
        sim.run_until(second as f64 * 1000.0);
        for part in rechunker.push(chunk) {
            sim.up.push_part(part.number, part.bytes);
        }
        sim.poll();
        if second == 190 {
            assert!(sim.up.parts_pending() > 30, "parts pile up in memory during the outage");
            assert!(sim.up.retrying());
        }
    }
    if let Some(part) = rechunker.finish() {
        sim.up.push_part(part.number, part.bytes);
    }
    sim.up.end(sim.now);
    sim.poll();
    sim.run_until(sim.now + 120_000.0);
    assert_eq!(sim.up.outcome(), Outcome::Done);
    assert!(sim.failures > 5, "the outage caused failures: {}", sim.failures);
    assert!(sim.max_in_flight <= MAX_IN_FLIGHT);
    assert_eq!(sim.completes, 1);
    assert_eq!(sim.completed_with_parts, (1..=90).collect::<Vec<_>>(), "complete came after every part");
    let received: Vec<u8> = sim.server.values().flatten().copied().collect();
    assert_eq!(received, stream, "byte-identical");
    assert_eq!(sim.up.bytes_pending(), 0);
    assert_eq!(sim.up.bytes_uploaded(), stream.len() as u64);
}

#[test]
fn gives_up_ten_minutes_after_the_stop_when_nothing_gets_through() {
    let mut sim = Sim::new(|t| t >= 5_000.0, 100.0);
    for n in 1..=3 {
        sim.up.push_part(n, vec![n as u8; 100]);
    }
    sim.poll();
    sim.run_until(4_000.0);
    assert_eq!(sim.up.parts_uploaded(), 3);
    sim.up.push_part(4, vec![4; 10]);
    sim.up.end(10_000.0);
    sim.now = 10_000.0;
    sim.poll();
    sim.run_until(10_000.0 + GIVE_UP_AFTER_STOP_MS - 1.0);
    assert_eq!(sim.up.outcome(), Outcome::Running, "still retrying just before the deadline");
    sim.run_until(10_000.0 + GIVE_UP_AFTER_STOP_MS + 1.0);
    assert_eq!(sim.up.outcome(), Outcome::Failed(UploadError::GaveUp(Failure::Network)));
    assert_eq!(sim.completes, 0);
}

#[test]
fn a_slow_upload_that_keeps_progressing_is_never_abandoned() {
    // Each part takes 4 minutes; 5 parts after the stop take 20 minutes in all.
    let mut sim = Sim::new(|_| false, 240_000.0);
    for n in 1..=5 {
        sim.up.push_part(n, vec![n as u8; 100]);
    }
    sim.up.end(0.0);
    sim.poll();
    sim.run_until(3_600_000.0);
    assert_eq!(sim.up.outcome(), Outcome::Done);
}

#[test]
fn recording_never_gives_up_however_long_the_outage() {
    let mut sim = Sim::new(|t| t < 3_600_000.0, 100.0);
    sim.up.push_part(1, vec![1; 10]);
    sim.poll();
    sim.run_until(3_599_000.0);
    assert_eq!(sim.up.outcome(), Outcome::Running);
    sim.run_until(3_700_000.0);
    assert_eq!(sim.up.parts_uploaded(), 1);
}
