//! The upload state machine, "sans-IO": events go in (a part is ready, an upload succeeded or
//! failed, time passed), commands come out (upload part n, complete, wake me in t ms). The browser
//! shell does the fetches and timers; this module decides, so retries and ordering are host-tested.
//!
//! Rules: at most [`MAX_IN_FLIGHT`] requests at a time, lowest part first; a retryable failure
//! (network, 5xx, 408, 429) waits with exponential backoff and full jitter, for ever while
//! recording (a participant's Wi-Fi may drop for minutes, and the parts are still in memory) and
//! for [`GIVE_UP_AFTER_STOP_MS`] after the recording stopped; any other status is fatal at once
//! (403 means the entry is not ours any more). A part is dropped as soon as it is acknowledged.

use std::collections::BTreeMap;

/// First retry waits up to this long.
pub const BASE_DELAY_MS: f64 = 500.0;
/// No retry waits longer than this, so a returning network is used within 20 s.
pub const MAX_DELAY_MS: f64 = 20_000.0;
/// After the recording stopped, give up when the upload has not finished within this time.
pub const GIVE_UP_AFTER_STOP_MS: f64 = 10.0 * 60_000.0;
/// Two parts in flight keep the pipe busy without competing with the participant's own traffic.
pub const MAX_IN_FLIGHT: usize = 2;
/// R2's multipart limit.
pub const MAX_PARTS: u32 = 10_000;

/// Delay before retry number `attempt` (1 = first retry): full jitter, i.e. uniformly random in
/// `[0, min(cap, base·2^(attempt-1))]`, so many tabs recovering together do not retry in step.
/// `random01` is a uniform sample in `[0, 1]` (passed in to keep this pure).
pub fn next_delay(attempt: u32, random01: f64) -> f64 {
    if attempt == 0 {
        return 0.0;
    }
    let exponent = attempt.saturating_sub(1).min(30);
    let ceiling = (BASE_DELAY_MS * f64::from(1u32 << exponent)).min(MAX_DELAY_MS);
    let r = if random01.is_nan() { 1.0 } else { random01.clamp(0.0, 1.0) };
    ceiling * r
}

/// How a request failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// No answer: offline, DNS, reset connection, time-out.
    Network,
    /// The server answered with a non-2xx status.
    Status(u16),
}

impl Failure {
    /// Whether trying again can help.
    pub fn is_retryable(self) -> bool {
        match self {
            Failure::Network => true,
            Failure::Status(s) => s >= 500 || s == 408 || s == 429,
        }
    }

    /// Text for `lastError` (spec §8 wording).
    pub fn describe(self) -> String {
        match self {
            Failure::Network => "Upload failed: network error".to_string(),
            Failure::Status(s) => format!("Upload failed with status {s}"),
        }
    }
}

/// Why the upload failed for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadError {
    /// A non-retryable answer (403 `not_your_entry`, 400 incomplete upload, ...).
    Rejected(u16),
    /// Still failing [`GIVE_UP_AFTER_STOP_MS`] after the recording stopped.
    GaveUp(Failure),
    /// More than [`MAX_PARTS`] parts.
    TooManyParts,
}

impl UploadError {
    pub fn describe(self) -> String {
        match self {
            UploadError::Rejected(s) => Failure::Status(s).describe(),
            UploadError::GaveUp(last) => format!("{} (gave up after 10 minutes)", last.describe()),
            UploadError::TooManyParts => "Upload failed: recording too long".to_string(),
        }
    }
}

/// What the shell must do next.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// PUT part n (its bytes: [`Uploader::part_bytes`]).
    Upload(u32),
    /// POST complete.
    Complete,
    /// Call `poll` again in this many ms (a retry or the give-up deadline is due).
    WakeIn(f64),
}

/// Where the machine stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Running,
    Done,
    Failed(UploadError),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    Queued,
    InFlight,
    Backoff(f64),
}

#[derive(Debug)]
struct Slot {
    bytes: Vec<u8>,
    attempts: u32,
    stage: Stage,
    /// New content for a part that was in flight when it was replaced (WebM header fix-up).
    replacement: Option<Vec<u8>>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Completion {
    NotYet,
    InFlight,
    Backoff(f64),
}

/// The upload queue and its retry state.
#[derive(Debug)]
pub struct Uploader {
    slots: BTreeMap<u32, Slot>,
    in_flight: usize,
    acked: BTreeMap<u32, u64>,
    ended_at: Option<f64>,
    completion: Completion,
    completion_attempts: u32,
    last_failure: Option<Failure>,
    /// Last acknowledged request: the give-up clock counts from here or from the stop, whichever
    /// is later, so a slow upload that keeps making progress is never abandoned.
    last_ok_at: f64,
    outcome: Outcome,
}

impl Default for Uploader {
    fn default() -> Self {
        Self::new()
    }
}

impl Uploader {
    pub fn new() -> Self {
        Uploader {
            slots: BTreeMap::new(),
            in_flight: 0,
            acked: BTreeMap::new(),
            ended_at: None,
            completion: Completion::NotYet,
            completion_attempts: 0,
            last_failure: None,
            last_ok_at: f64::NEG_INFINITY,
            outcome: Outcome::Running,
        }
    }

    /// A part is ready. A number seen before replaces that part's content: queued content is
    /// swapped in place, in-flight content is re-sent after the current attempt, acknowledged
    /// content is uploaded again.
    pub fn push_part(&mut self, number: u32, bytes: Vec<u8>) {
        if self.outcome != Outcome::Running {
            return;
        }
        if number == 0 || number > MAX_PARTS {
            self.outcome = Outcome::Failed(UploadError::TooManyParts);
            return;
        }
        match self.slots.get_mut(&number) {
            Some(slot) if slot.stage == Stage::InFlight => slot.replacement = Some(bytes),
            Some(slot) => slot.bytes = bytes,
            None => {
                self.slots.insert(number, Slot { bytes, attempts: 0, stage: Stage::Queued, replacement: None });
            }
        }
    }

    /// No more parts will come (the recording stopped and its last part was pushed); starts the
    /// give-up clock. Completion is sent once every part is acknowledged.
    pub fn end(&mut self, now: f64) {
        if self.ended_at.is_none() {
            self.ended_at = Some(now);
        }
    }

    /// The bytes of a part to upload (None once acknowledged).
    pub fn part_bytes(&self, number: u32) -> Option<&[u8]> {
        self.slots.get(&number).map(|s| s.bytes.as_slice())
    }

    pub fn upload_ok(&mut self, number: u32, now: f64) {
        let Some(slot) = self.slots.get_mut(&number).filter(|s| s.stage == Stage::InFlight) else {
            return;
        };
        self.in_flight = self.in_flight.saturating_sub(1);
        self.acked.insert(number, slot.bytes.len() as u64);
        self.last_ok_at = now;
        if let Some(newer) = slot.replacement.take() {
            slot.bytes = newer;
            slot.attempts = 0;
            slot.stage = Stage::Queued;
        } else {
            self.slots.remove(&number);
        }
    }

    pub fn upload_failed(&mut self, number: u32, failure: Failure, now: f64, random01: f64) {
        let Some(slot) = self.slots.get_mut(&number).filter(|s| s.stage == Stage::InFlight) else {
            return;
        };
        self.in_flight = self.in_flight.saturating_sub(1);
        self.last_failure = Some(failure);
        if let Some(newer) = slot.replacement.take() {
            slot.bytes = newer;
        }
        match failure {
            Failure::Status(s) if !failure.is_retryable() => self.outcome = Outcome::Failed(UploadError::Rejected(s)),
            _ => {
                slot.attempts = slot.attempts.saturating_add(1);
                slot.stage = Stage::Backoff(now + next_delay(slot.attempts, random01));
            }
        }
    }

    pub fn complete_ok(&mut self) {
        if self.completion == Completion::InFlight && self.outcome == Outcome::Running {
            self.outcome = Outcome::Done;
        }
    }

    pub fn complete_failed(&mut self, failure: Failure, now: f64, random01: f64) {
        if self.completion != Completion::InFlight || self.outcome != Outcome::Running {
            return;
        }
        self.last_failure = Some(failure);
        match failure {
            Failure::Status(s) if !failure.is_retryable() => self.outcome = Outcome::Failed(UploadError::Rejected(s)),
            _ => {
                self.completion_attempts = self.completion_attempts.saturating_add(1);
                self.completion = Completion::Backoff(now + next_delay(self.completion_attempts, random01));
            }
        }
    }

    /// The network is back (the browser's `online` event): retry everything now.
    pub fn retry_now(&mut self) {
        for slot in self.slots.values_mut() {
            if let Stage::Backoff(_) = slot.stage {
                slot.stage = Stage::Queued;
            }
        }
        if let Completion::Backoff(_) = self.completion {
            self.completion = Completion::NotYet;
        }
    }

    /// What to do now. Call after every event and when a `WakeIn` elapses.
    pub fn poll(&mut self, now: f64) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.outcome != Outcome::Running {
            return commands;
        }
        if let Some(deadline) = self.deadline() {
            if now >= deadline {
                self.outcome = Outcome::Failed(UploadError::GaveUp(self.last_failure.unwrap_or(Failure::Network)));
                return commands;
            }
        }
        for (number, slot) in self.slots.iter_mut() {
            if self.in_flight >= MAX_IN_FLIGHT {
                break;
            }
            let due = match slot.stage {
                Stage::Queued => true,
                Stage::Backoff(at) => at <= now,
                Stage::InFlight => false,
            };
            if due {
                slot.stage = Stage::InFlight;
                self.in_flight += 1;
                commands.push(Command::Upload(*number));
            }
        }
        if self.ended_at.is_some() && self.slots.is_empty() && self.in_flight == 0 {
            let due = match self.completion {
                Completion::NotYet => true,
                Completion::Backoff(at) => at <= now,
                Completion::InFlight => false,
            };
            if due {
                self.completion = Completion::InFlight;
                commands.push(Command::Complete);
            }
        }
        // Only future retries need a timer: a due retry blocked by the in-flight limit starts when
        // one of those requests answers (a zero-delay timer here would spin).
        let future = |at: f64| if at > now { at } else { f64::INFINITY };
        let mut wake = self.slots.values().filter_map(|s| if let Stage::Backoff(at) = s.stage { Some(future(at)) } else { None }).fold(f64::INFINITY, f64::min);
        if let Completion::Backoff(at) = self.completion {
            wake = wake.min(future(at));
        }
        if let Some(deadline) = self.deadline() {
            wake = wake.min(deadline);
        }
        if wake.is_finite() {
            commands.push(Command::WakeIn((wake - now).max(0.0)));
        }
        commands
    }

    /// When to give up: 10 minutes after the stop or after the last acknowledged request.
    fn deadline(&self) -> Option<f64> {
        self.ended_at.map(|ended| ended.max(self.last_ok_at) + GIVE_UP_AFTER_STOP_MS)
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Bytes the server acknowledged (a replaced part counts once).
    pub fn bytes_uploaded(&self) -> u64 {
        self.acked.values().sum()
    }

    /// Distinct parts the server acknowledged.
    pub fn parts_uploaded(&self) -> u32 {
        self.acked.len() as u32
    }

    /// Parts waiting, in flight or backing off.
    pub fn parts_pending(&self) -> u32 {
        self.slots.len() as u32
    }

    /// Bytes held in memory for upload.
    pub fn bytes_pending(&self) -> u64 {
        self.slots.values().map(|s| (s.bytes.len() + s.replacement.as_ref().map_or(0, Vec::len)) as u64).sum()
    }

    /// Whether some request failed and is waiting for (or running) its retry.
    pub fn retrying(&self) -> bool {
        self.outcome == Outcome::Running && (self.slots.values().any(|s| s.attempts > 0) || self.completion_attempts > 0)
    }

    /// The failure being retried, for `lastError`.
    pub fn last_failure(&self) -> Option<Failure> {
        self.last_failure.filter(|_| self.retrying())
    }
}

#[cfg(test)]
#[path = "upload_tests.rs"]
mod tests;
