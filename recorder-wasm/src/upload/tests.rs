//! Host tests of the chunk upload state machine, including a simulated network with outages.
//! Size: host tests with a simulated network; each test is short, there are many.

use super::*;
use std::collections::BTreeMap;

const SEG: u32 = 3;

fn key(segment: u32, index: u32) -> ChunkKey {
    ChunkKey { segment, index }
}

fn info(size: u64) -> ChunkInfo {
    ChunkInfo { size, end_ms: 0, place: Place::Device }
}

/// This tab's uploader with its chunks 0 to `count` (excluded) stored, `size` bytes each.
fn with_chunks(count: u32, size: u64) -> Uploader {
    let mut up = Uploader::new(SEG);
    for i in 0..count {
        up.push(key(SEG, i), info(size));
    }
    up
}

fn uploads(commands: &[Command]) -> Vec<ChunkKey> {
    commands.iter().filter_map(|c| if let Command::Upload(k) = c { Some(*k) } else { None }).collect()
}

#[test]
fn at_most_two_in_flight_earlier_tabs_first_and_complete_after_every_chunk() {
    let mut up = with_chunks(3, 10);
    // Chunks an earlier tab left (found on the device at start) sort before this tab's.
    up.push(key(1, 7), info(5));
    up.push(key(2, 0), info(5));
    assert_eq!(up.poll(0.0), vec![Command::Upload(key(1, 7)), Command::Upload(key(2, 0))]);
    assert_eq!(up.poll(0.0), vec![]);
    up.upload_ok(key(2, 0), 1.0);
    assert_eq!(up.poll(1.0), vec![Command::Upload(key(SEG, 0))]);
    up.end(2.0);
    up.upload_ok(key(1, 7), 3.0);
    up.upload_ok(key(SEG, 0), 3.0);
    let commands = up.poll(3.0);
    assert_eq!(uploads(&commands), vec![key(SEG, 1), key(SEG, 2)]);
    assert!(!commands.contains(&Command::Complete), "ended, but chunks are not acknowledged yet");
    up.upload_ok(key(SEG, 1), 4.0);
    up.upload_ok(key(SEG, 2), 4.0);
    assert_eq!(up.poll(4.0)[0], Command::Complete);
    up.complete_ok();
    assert_eq!(up.outcome(), Outcome::Done);
    assert_eq!((up.chunks_uploaded(), up.bytes_uploaded(), up.pending_chunks(), up.pending_bytes()), (5, 40, 0, 0));
    assert_eq!(up.poll(5.0), vec![]);
}

#[test]
fn a_chunk_pushed_twice_is_sent_once() {
    let mut up = Uploader::new(SEG);
    up.push(key(SEG, 0), info(10));
    up.push(key(SEG, 0), info(10));
    assert_eq!(up.poll(0.0), vec![Command::Upload(key(SEG, 0))]);
    assert_eq!(up.pending_chunks(), 1);
}

#[test]
fn forbidden_is_fatal_at_once_even_for_an_earlier_tabs_chunk() {
    for k in [key(SEG, 0), key(1, 0)] {
        let mut up = Uploader::new(SEG);
        up.push(k, info(1));
        up.poll(0.0);
        assert_eq!(up.upload_failed(k, Failure::Status(403), 1.0, 0.5), Verdict::Fatal);
        assert_eq!(up.outcome(), Outcome::Failed(UploadError::Rejected(403)));
        assert_eq!(up.poll(1.0), vec![], "nothing is forgotten: the chunk stays on the device");
        up.push(key(SEG, 1), info(2));
        assert_eq!(up.poll(1.0), vec![], "nothing more is sent");
    }
}

#[test]
fn another_4xx_is_fatal_for_this_tab_and_drops_an_earlier_tabs_chunk() {
    let mut up = Uploader::new(SEG);
    up.push(key(1, 4), info(3));
    up.push(key(SEG, 0), info(3));
    up.poll(0.0);
    assert_eq!(up.upload_failed(key(1, 4), Failure::Status(409), 1.0, 0.5), Verdict::Dropped);
    assert_eq!(up.poll(1.0), vec![Command::Forget(key(1, 4))]);
    assert_eq!(up.outcome(), Outcome::Running);
    assert_eq!(up.upload_failed(key(SEG, 0), Failure::Status(400), 1.0, 0.5), Verdict::Fatal);
    assert_eq!(up.outcome(), Outcome::Failed(UploadError::Rejected(400)));
}

#[test]
fn a_chunk_still_in_flight_on_the_server_backs_off_and_goes_again_for_this_tab_and_an_earlier_one() {
    // After a server restart the ledger may hold the dead request's reservation of the index:
    // 409 `chunk_in_flight` (ADR 0013) is not final, unlike 409 `chunk_conflict`.
    let mut up = Uploader::new(SEG);
    up.push(key(1, 4), info(3));
    up.push(key(SEG, 0), info(3));
    up.end(0.0);
    assert_eq!(uploads(&up.poll(0.0)), vec![key(1, 4), key(SEG, 0)]);
    for k in [key(1, 4), key(SEG, 0)] {
        assert_eq!(up.upload_failed(k, Failure::InFlight, 10.0, 1.0), Verdict::Retry, "{k:?}");
    }
    assert_eq!(up.outcome(), Outcome::Running);
    assert_eq!(up.poll(10.0), vec![Command::WakeIn(500.0)], "nothing forgotten, both wait their backoff");
    assert_eq!(uploads(&up.poll(510.0)), vec![key(1, 4), key(SEG, 0)]);
    up.upload_ok(key(1, 4), 600.0);
    up.upload_ok(key(SEG, 0), 600.0);
    assert_eq!(up.poll(600.0)[0], Command::Complete, "and the participation completes");
}

#[test]
fn a_413_forgets_the_rest_of_this_segment_and_the_stored_part_still_completes() {
    let mut up = Uploader::new(SEG);
    up.push(key(1, 0), info(1));
    for i in 0..5 {
        up.push(key(SEG, i), info(10));
    }
    assert_eq!(uploads(&up.poll(0.0)), vec![key(1, 0), key(SEG, 0)]);
    up.upload_ok(key(1, 0), 1.0);
    up.upload_ok(key(SEG, 0), 1.0);
    assert_eq!(uploads(&up.poll(1.0)), vec![key(SEG, 1), key(SEG, 2)]);
    assert_eq!(up.upload_failed(key(SEG, 1), Failure::Status(413), 2.0, 0.5), Verdict::Limit);
    assert!(up.limited());
    // 3 and 4 were waiting: forgotten; 2 is in flight and gets its own answer.
    assert_eq!(
        up.poll(2.0),
        vec![Command::Forget(key(SEG, 1)), Command::Forget(key(SEG, 3)), Command::Forget(key(SEG, 4))]
    );
    assert_eq!(up.upload_failed(key(SEG, 2), Failure::Status(413), 3.0, 0.5), Verdict::Limit);
    up.push(key(SEG, 5), info(10));
    assert_eq!(
        up.poll(3.0),
        vec![Command::Forget(key(SEG, 2)), Command::Forget(key(SEG, 5))],
        "later chunks are refused"
    );
    assert_eq!(up.outcome(), Outcome::Running);
    up.end(4.0);
    assert_eq!(up.poll(4.0), vec![Command::Complete, Command::WakeIn(GIVE_UP_AFTER_STOP_MS)]);
    up.complete_ok();
    assert_eq!((up.outcome(), up.chunks_uploaded(), up.bytes_uploaded()), (Outcome::Done, 2, 11));
}

#[test]
fn a_413_on_an_earlier_tabs_chunk_keeps_this_segment_open() {
    let mut up = Uploader::new(SEG);
    up.push(key(1, 0), info(1));
    up.poll(0.0);
    assert_eq!(up.upload_failed(key(1, 0), Failure::Status(413), 1.0, 0.5), Verdict::Limit);
    up.push(key(SEG, 0), info(1));
    assert_eq!(up.poll(1.0), vec![Command::Forget(key(1, 0)), Command::Upload(key(SEG, 0))]);
}

#[test]
fn a_chunk_missing_from_the_device_is_skipped() {
    let mut up = Uploader::new(SEG);
    up.push(key(1, 0), info(7));
    up.poll(0.0);
    up.chunk_missing(key(1, 0));
    up.end(1.0);
    assert_eq!(up.poll(1.0)[0], Command::Complete);
    assert_eq!((up.pending_chunks(), up.chunks_uploaded()), (0, 0));
}

#[test]
fn rejected_completion_is_fatal_and_retryable_completion_retries() {
    let mut up = Uploader::new(SEG);
    up.push(key(SEG, 0), info(1));
    up.poll(0.0);
    up.upload_ok(key(SEG, 0), 0.0);
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
fn failed_chunk_waits_for_its_backoff_while_later_chunks_go_ahead() {
    let mut up = with_chunks(3, 1);
    up.poll(0.0);
    assert_eq!(up.upload_failed(key(SEG, 0), Failure::Status(503), 10.0, 1.0), Verdict::Retry);
    assert!(up.retrying());
    assert_eq!(up.poll(10.0), vec![Command::Upload(key(SEG, 2)), Command::WakeIn(500.0)]);
    up.upload_ok(key(SEG, 1), 20.0);
    up.upload_ok(key(SEG, 2), 20.0);
    assert_eq!(up.poll(20.0), vec![Command::WakeIn(490.0)]);
    assert_eq!(up.poll(510.0), vec![Command::Upload(key(SEG, 0))]);
    up.upload_failed(key(SEG, 0), Failure::Status(502), 600.0, 1.0);
    assert_eq!(up.poll(600.0), vec![Command::WakeIn(1000.0)], "second retry waits up to 2 × base");
    up.retry_now();
    assert_eq!(up.poll(601.0), vec![Command::Upload(key(SEG, 0))], "online: retry at once");
    up.upload_ok(key(SEG, 0), 700.0);
    assert!(!up.retrying());
    assert_eq!(up.last_failure(), None);
}

#[test]
fn a_due_retry_blocked_by_the_in_flight_limit_sets_no_zero_timer() {
    let mut up = with_chunks(3, 1);
    up.poll(0.0);
    up.upload_failed(key(SEG, 0), Failure::Status(503), 0.0, 1.0);
    assert_eq!(up.poll(0.0), vec![Command::Upload(key(SEG, 2)), Command::WakeIn(500.0)]);
    assert_eq!(up.poll(600.0), vec![], "chunk 0 is due but waits for a free slot, without a timer");
    up.upload_ok(key(SEG, 1), 700.0);
    assert_eq!(up.poll(700.0), vec![Command::Upload(key(SEG, 0))]);
}

#[test]
fn offline_holds_every_chunk_back_but_a_rare_probe_and_online_sends_them_at_once() {
    let mut up = Uploader::new(SEG);
    up.push(key(SEG, 0), info(1));
    up.push(key(SEG, 1), info(1));
    assert_eq!(uploads(&up.poll(0.0)), vec![key(SEG, 0), key(SEG, 1)]);
    up.set_online(false, 100.0);
    // The two in flight fail; chunks keep coming, one a second.
    up.upload_failed(key(SEG, 0), Failure::Network, 200.0, 0.5);
    up.upload_failed(key(SEG, 1), Failure::Network, 200.0, 0.5);
    let mut sent = 0;
    for second in 1..60u32 {
        let now = f64::from(second) * 1000.0;
        up.push(key(SEG, second + 1), info(1));
        sent += uploads(&up.poll(now)).len();
    }
    assert_eq!(sent, 1, "one probe in the minute (at 30.2 s), not one request per chunk");
    assert!(up.retrying());
    up.upload_failed(key(SEG, 0), Failure::Network, 59_000.0, 0.5);
    assert_eq!(up.poll(59_000.0), vec![Command::WakeIn(OFFLINE_PROBE_MS)], "a timer for the next probe");
    up.set_online(true, 60_000.0);
    assert_eq!(uploads(&up.poll(60_000.0)).len(), MAX_IN_FLIGHT, "online: two at once, no waiting");
}

#[test]
fn offline_probe_failing_waits_another_long_backoff_and_one_that_gets_through_reopens() {
    let mut up = with_chunks(4, 1);
    up.set_online(false, 0.0);
    assert_eq!(up.poll(0.0), vec![Command::WakeIn(OFFLINE_PROBE_MS)]);
    assert_eq!(uploads(&up.poll(OFFLINE_PROBE_MS)), vec![key(SEG, 0)], "one probe");
    assert_eq!(uploads(&up.poll(OFFLINE_PROBE_MS + 1.0)), vec![], "only one at a time");
    up.upload_failed(key(SEG, 0), Failure::Network, 30_100.0, 0.0);
    assert_eq!(up.poll(30_100.0), vec![Command::WakeIn(OFFLINE_PROBE_MS)], "offline: the next probe waits as long");
    assert_eq!(uploads(&up.poll(60_100.0)), vec![key(SEG, 0)]);
    // The browser was wrong (or missed its event): the probe got through, so the rest goes.
    up.upload_ok(key(SEG, 0), 60_200.0);
    assert_eq!(uploads(&up.poll(60_200.0)), vec![key(SEG, 1), key(SEG, 2)]);
}

#[test]
fn a_network_failure_without_an_offline_event_sends_one_probe_at_a_time_with_backoff() {
    let mut up = with_chunks(5, 1);
    up.poll(0.0);
    up.upload_failed(key(SEG, 0), Failure::Network, 10.0, 1.0);
    assert_eq!(up.poll(10.0), vec![Command::WakeIn(500.0)], "nothing new while the network is down");
    up.upload_failed(key(SEG, 1), Failure::Network, 20.0, 1.0);
    assert_eq!(up.poll(20.0), vec![Command::WakeIn(1000.0)], "the shared backoff grows");
    assert_eq!(uploads(&up.poll(1020.0)), vec![key(SEG, 0)], "one probe");
    up.upload_failed(key(SEG, 0), Failure::Status(503), 1100.0, 1.0);
    // An answer, even a 5xx, means the network works: the others go, chunk 0 waits its own backoff.
    assert_eq!(uploads(&up.poll(1100.0)), vec![key(SEG, 1), key(SEG, 2)]);
}

#[test]
fn finishing_offline_sends_the_completion_only_as_a_probe() {
    let mut up = Uploader::new(SEG);
    up.end(0.0);
    up.set_online(false, 0.0);
    // (The second timer is the give-up deadline, which every failed probe pushes back.)
    assert_eq!(up.poll(1.0), vec![Command::WakeIn(OFFLINE_PROBE_MS - 1.0)]);
    assert_eq!(up.poll(OFFLINE_PROBE_MS)[0], Command::Complete);
    up.complete_failed(Failure::Network, 30_500.0, 0.5);
    assert_eq!(up.poll(31_000.0), vec![Command::WakeIn(OFFLINE_PROBE_MS - 500.0)]);
    up.set_online(true, 40_000.0);
    assert_eq!(up.poll(40_000.0)[0], Command::Complete);
    up.complete_ok();
    assert_eq!(up.outcome(), Outcome::Done);
}

#[test]
fn counts_what_only_memory_holds() {
    let mut up = Uploader::new(SEG);
    up.push(key(SEG, 0), ChunkInfo { size: 4, end_ms: 900, place: Place::Memory });
    up.push(key(SEG, 1), info(6));
    assert_eq!((up.memory_chunks(), up.pending_chunks(), up.pending_bytes()), (1, 2, 10));
    assert_eq!(up.info(key(SEG, 0)).map(|i| i.end_ms), Some(900));
    up.poll(0.0);
    up.upload_ok(key(SEG, 0), 1.0);
    assert_eq!(up.memory_chunks(), 0);
}

#[test]
fn stale_or_unknown_answers_are_ignored() {
    let mut up = Uploader::new(SEG);
    up.upload_ok(key(SEG, 3), 0.0);
    assert_eq!(up.upload_failed(key(SEG, 3), Failure::Status(403), 0.0, 0.0), Verdict::Ignored);
    up.push(key(SEG, 0), info(1));
    assert_eq!(up.upload_failed(key(SEG, 0), Failure::Status(403), 0.0, 0.0), Verdict::Ignored, "not in flight yet");
    up.complete_ok();
    up.complete_failed(Failure::Status(400), 0.0, 0.0);
    assert_eq!(up.outcome(), Outcome::Running);
    assert_eq!(up.chunks_uploaded(), 0);
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
    Chunk(ChunkKey),
    Complete,
}

/// A network whose state at a moment is `down(t)`: `Some(failure)` or `None` (it works).
struct Sim<F: Fn(f64) -> Option<Failure>> {
    up: Uploader,
    now: f64,
    wake_at: Option<f64>,
    requests: Vec<(f64, f64, Req)>,
    server: BTreeMap<ChunkKey, u64>,
    completes: u32,
    completed_with: Vec<ChunkKey>,
    max_in_flight: usize,
    down: F,
    latency: f64,
    rng: Rng,
    failures: u32,
}

impl<F: Fn(f64) -> Option<Failure>> Sim<F> {
    fn new(down: F, latency: f64) -> Self {
        Sim {
            up: Uploader::new(SEG),
            now: 0.0,
            wake_at: None,
            requests: Vec::new(),
            server: BTreeMap::new(),
            completes: 0,
            completed_with: Vec::new(),
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
                Command::Upload(k) => self.requests.push((self.now, self.now + self.latency, Req::Chunk(k))),
                Command::Complete => self.requests.push((self.now, self.now + self.latency, Req::Complete)),
                Command::WakeIn(ms) => self.wake_at = Some(self.now + ms),
                Command::Forget(_) => {}
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
                let failed = (self.down)(sent).or((self.down)(self.now));
                let r = self.rng.next();
                match (req, failed) {
                    (Req::Chunk(k), Some(failure)) => {
                        self.failures += 1;
                        self.up.upload_failed(k, failure, self.now, r);
                    }
                    (Req::Chunk(k), None) => {
                        self.server.insert(k, self.up.info(k).map_or(0, |i| i.size));
                        self.up.upload_ok(k, self.now);
                    }
                    (Req::Complete, Some(failure)) => self.up.complete_failed(failure, self.now, r),
                    (Req::Complete, None) => {
                        self.completes += 1;
                        self.completed_with = self.server.keys().copied().collect();
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

fn offline_between(from: f64, to: f64) -> impl Fn(f64) -> Option<Failure> {
    move |t| (from..to).contains(&t).then_some(Failure::Network)
}

#[test]
fn a_two_minute_outage_while_recording_loses_nothing() {
    // 5 minutes of recording, one chunk a second; the network is down from 60 s to 200 s.
    let mut sim = Sim::new(offline_between(60_000.0, 200_000.0), 150.0);
    for second in 0..300u32 {
        sim.run_until(f64::from(second) * 1000.0);
        sim.up.push(
            key(SEG, second),
            ChunkInfo { size: 3000, end_ms: u64::from(second + 1) * 1000, place: Place::Device },
        );
        sim.poll();
        if second == 190 {
            assert!(sim.up.pending_chunks() > 100, "chunks wait on the device during the outage");
            assert!(sim.up.retrying());
        }
    }
    sim.up.end(sim.now);
    sim.poll();
    sim.run_until(sim.now + 120_000.0);
    assert_eq!(sim.up.outcome(), Outcome::Done);
    assert!(sim.failures > 5, "the outage caused failures: {}", sim.failures);
    assert!(sim.max_in_flight <= MAX_IN_FLIGHT);
    assert_eq!(sim.completes, 1);
    assert_eq!(
        sim.completed_with,
        (0..300).map(|i| key(SEG, i)).collect::<Vec<_>>(),
        "complete came after every chunk"
    );
    assert_eq!((sim.up.pending_bytes(), sim.up.bytes_uploaded()), (0, 300 * 3000));
}

#[test]
fn finishing_offline_waits_as_long_as_it_takes() {
    // Stopped at 1 s with a chunk left; offline for 3 hours after that.
    let mut sim = Sim::new(offline_between(500.0, 3.0 * 3_600_000.0), 100.0);
    sim.up.push(key(1, 0), info(50));
    sim.up.push(key(SEG, 0), info(100));
    sim.now = 1000.0;
    sim.up.end(1000.0);
    sim.poll();
    sim.run_until(3.0 * 3_600_000.0 - 1.0);
    assert_eq!(sim.up.outcome(), Outcome::Running, "never gives up while the network is down");
    assert_eq!(sim.up.pending_chunks(), 2);
    sim.run_until(3.0 * 3_600_000.0 + 60_000.0);
    assert_eq!(sim.up.outcome(), Outcome::Done);
    assert_eq!(sim.completed_with, vec![key(1, 0), key(SEG, 0)], "the earlier tab's chunk went too");
}

#[test]
fn gives_up_ten_minutes_after_the_stop_when_the_server_keeps_failing() {
    let mut sim = Sim::new(|t| (t >= 5_000.0).then_some(Failure::Status(503)), 100.0);
    for i in 0..3 {
        sim.up.push(key(SEG, i), info(100));
    }
    sim.poll();
    sim.run_until(4_000.0);
    assert_eq!(sim.up.chunks_uploaded(), 3);
    sim.up.push(key(SEG, 3), info(10));
    sim.up.end(10_000.0);
    sim.now = 10_000.0;
    sim.poll();
    sim.run_until(10_000.0 + GIVE_UP_AFTER_STOP_MS - 1.0);
    assert_eq!(sim.up.outcome(), Outcome::Running, "still retrying just before the deadline");
    sim.run_until(10_000.0 + GIVE_UP_AFTER_STOP_MS + 1.0);
    assert_eq!(sim.up.outcome(), Outcome::Failed(UploadError::GaveUp(Failure::Status(503))));
    assert_eq!(sim.completes, 0);
}

#[test]
fn a_slow_upload_that_keeps_progressing_is_never_abandoned() {
    // Each chunk takes 4 minutes; 5 chunks after the stop take 20 minutes in all.
    let mut sim = Sim::new(|_| None, 240_000.0);
    for i in 0..5 {
        sim.up.push(key(SEG, i), info(100));
    }
    sim.up.end(0.0);
    sim.poll();
    sim.run_until(3_600_000.0);
    assert_eq!(sim.up.outcome(), Outcome::Done);
}

#[test]
fn recording_never_gives_up_however_long_the_server_fails() {
    let mut sim = Sim::new(|t| (t < 3_600_000.0).then_some(Failure::Status(502)), 100.0);
    sim.up.push(key(SEG, 0), info(10));
    sim.poll();
    sim.run_until(3_599_000.0);
    assert_eq!(sim.up.outcome(), Outcome::Running);
    sim.run_until(3_700_000.0);
    assert_eq!(sim.up.chunks_uploaded(), 1);
}
