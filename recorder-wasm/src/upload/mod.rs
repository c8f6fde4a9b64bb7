//! The chunk upload state machine, "sans-IO": events go in (a chunk is stored on the device, an
//! upload succeeded or failed, time passed), commands come out (upload chunk k, forget chunk k,
//! complete, wake me in t ms). The browser shell does the fetches, the IndexedDB work and the
//! timers; this module decides, so ordering, retries and limits are host-tested.
//! Its vocabulary (chunk keys, places, commands, outcomes, and each request's stage) is in `types.rs`.
//!
//! Rules (ADR 0005):
//! - At most [`MAX_IN_FLIGHT`] chunks in flight, lowest (segment, index) first, so chunks an
//!   earlier tab left behind go before this tab's own.
//! - A retryable failure (network, 5xx, 408, 429) waits with backoff and full jitter, for ever
//!   while recording.
//! - A request that got no answer means the network is down, for every chunk at once: from then
//!   on a single probe request goes at a time, after a shared backoff (or every
//!   [`OFFLINE_PROBE_MS`] while the browser says it is offline), until a request gets through or
//!   the browser's `online` event arrives; then everything waiting goes at once. Without this, a
//!   minute offline meant every new chunk tried and failed, two at a time: hundreds of requests. After the stop it gives up [`GIVE_UP_AFTER_STOP_MS`] after the stop, the
//!   last acknowledged chunk or the last network failure, whichever is latest: an offline tab
//!   waits as long as it takes, a server that keeps answering 5xx is given up on. Giving up keeps
//!   the chunks on the device for a later tab.
//! - 413 means the participation reached its limit: that chunk and every later chunk of this
//!   segment are forgotten, nothing new is accepted, and what was stored can still be completed.
//! - 401/403 are fatal. Any other 4xx is fatal for this tab's segment; for a chunk an earlier tab
//!   left, it means the server cannot take that chunk any more, so it is forgotten.
//! - The completion is sent once the recording ended and every chunk is acknowledged or forgotten.
//!
//! Only a few numbers per chunk live here; the bytes stay in IndexedDB (or, when it refused them,
//! in a Blob the shell holds), so memory does not grow with the recording.

use std::collections::BTreeMap;

use crate::retry::next_delay;
pub use crate::retry::Failure;

/// After the recording stopped, give up when nothing got through for this long (see above).
pub const GIVE_UP_AFTER_STOP_MS: f64 = 10.0 * 60_000.0;
/// Two chunks in flight keep the pipe busy without competing with the participant's own traffic.
pub const MAX_IN_FLIGHT: usize = 2;
/// While the browser says it is offline, probe this rarely: the `online` event retries at once, so
/// the probe only covers an event that never comes (or an `onLine` that is wrong).
pub const OFFLINE_PROBE_MS: f64 = 30_000.0;

mod types;
pub use types::*;
use types::{Link, Slot, Stage};

/// The upload queue and its retry state.
#[derive(Debug)]
pub struct Uploader {
    /// This tab's segment; lower ones are chunks an earlier tab left.
    segment: u32,
    slots: BTreeMap<ChunkKey, Slot>,
    forget: Vec<ChunkKey>,
    in_flight: usize,
    acked_bytes: u64,
    acked_chunks: u32,
    /// After a 413: this segment's chunks from this index on are refused.
    closed_from: Option<u32>,
    ended_at: Option<f64>,
    completion: Stage,
    completion_attempts: u32,
    last_failure: Option<Failure>,
    /// The give-up clock counts from the latest of the stop, the last acknowledged request and
    /// the last network failure (an offline tab keeps waiting).
    last_ok_at: f64,
    last_network_at: f64,
    link: Link,
    /// `navigator.onLine` was false at the last event: probes wait [`OFFLINE_PROBE_MS`].
    browser_offline: bool,
    outcome: Outcome,
}

impl Uploader {
    pub fn new(segment: u32) -> Self {
        Uploader {
            segment,
            slots: BTreeMap::new(),
            forget: Vec::new(),
            in_flight: 0,
            acked_bytes: 0,
            acked_chunks: 0,
            closed_from: None,
            ended_at: None,
            completion: Stage::Waiting,
            completion_attempts: 0,
            last_failure: None,
            last_ok_at: f64::NEG_INFINITY,
            last_network_at: f64::NEG_INFINITY,
            link: Link::Up,
            browser_offline: false,
            outcome: Outcome::Running,
        }
    }

    /// A chunk is stored (on the device or in memory) and waits for its upload. A chunk the
    /// participation has no room for any more is forgotten instead; after a failure or the
    /// completion nothing is taken (a chunk on the device stays there for a later tab).
    pub fn push(&mut self, key: ChunkKey, info: ChunkInfo) {
        if self.outcome != Outcome::Running {
            return;
        }
        if self.refuses(key) {
            self.forget.push(key);
            return;
        }
        self.slots.entry(key).or_insert(Slot { info, attempts: 0, stage: Stage::Waiting });
    }

    /// A tier change moved this tab to a new segment: the old one's chunks still upload, as an
    /// earlier tab's would (ADR 0023).
    pub fn next_segment(&mut self, segment: u32) {
        self.segment = segment;
    }

    fn refuses(&self, key: ChunkKey) -> bool {
        key.segment == self.segment && self.closed_from.is_some_and(|from| key.index >= from)
    }

    /// No more chunks will come (the recording stopped and its last chunk was pushed); starts the
    /// give-up clock. Completion is sent once every chunk is acknowledged.
    pub fn end(&mut self, now: f64) {
        if self.ended_at.is_none() {
            self.ended_at = Some(now);
        }
    }

    pub fn info(&self, key: ChunkKey) -> Option<ChunkInfo> {
        self.slots.get(&key).map(|s| s.info)
    }

    /// Takes the in-flight slot of `key` out of the count, if it is one.
    fn answered(&mut self, key: ChunkKey) -> bool {
        match self.slots.get(&key) {
            Some(slot) if slot.stage == Stage::InFlight => {
                self.in_flight = self.in_flight.saturating_sub(1);
                true
            }
            _ => false,
        }
    }

    pub fn upload_ok(&mut self, key: ChunkKey, now: f64) {
        if !self.answered(key) {
            return;
        }
        if let Some(slot) = self.slots.remove(&key) {
            self.acked_bytes += slot.info.size;
            self.acked_chunks += 1;
        }
        self.last_ok_at = now;
        self.link = Link::Up;
    }

    /// The chunk's bytes are gone from the device (another tab of this entry sent and deleted
    /// them): nothing to send.
    pub fn chunk_missing(&mut self, key: ChunkKey) {
        if self.answered(key) {
            self.slots.remove(&key);
        }
    }

    pub fn upload_failed(&mut self, key: ChunkKey, failure: Failure, now: f64, random01: f64) -> Verdict {
        if self.outcome != Outcome::Running || !self.answered(key) {
            return Verdict::Ignored;
        }
        self.last_failure = Some(failure);
        if failure == Failure::Network {
            self.network_failed(now, random01);
            // The link's probe decides when it goes again, not a backoff of its own.
            if let Some(slot) = self.slots.get_mut(&key) {
                slot.attempts = slot.attempts.saturating_add(1);
                slot.stage = Stage::Waiting;
            }
            return Verdict::Retry;
        }
        // The server answered: the network works, whatever the status.
        self.link = Link::Up;
        if failure.is_retryable() {
            if let Some(slot) = self.slots.get_mut(&key) {
                slot.attempts = slot.attempts.saturating_add(1);
                slot.stage = Stage::Backoff(now + next_delay(slot.attempts, random01));
            }
            return Verdict::Retry;
        }
        if failure.is_limit() {
            self.drop_slot(key);
            if key.segment == self.segment {
                self.close_from(key.index);
            }
            return Verdict::Limit;
        }
        if key.segment != self.segment && !failure.is_forbidden() {
            self.drop_slot(key);
            return Verdict::Dropped;
        }
        let Failure::Status(status) = failure else { return Verdict::Retry };
        self.outcome = Outcome::Failed(UploadError::Rejected(status));
        Verdict::Fatal
    }

    /// A request got no answer: the network is down (again). The next probe waits the shared
    /// backoff, or [`OFFLINE_PROBE_MS`] while the browser says it is offline.
    fn network_failed(&mut self, now: f64, random01: f64) {
        self.last_network_at = now;
        let failures = match self.link {
            Link::Down { failures, .. } => failures.saturating_add(1),
            Link::Up => 1,
        };
        let wait = if self.browser_offline { OFFLINE_PROBE_MS } else { next_delay(failures, random01) };
        self.link = Link::Down { probe_at: now + wait, failures };
    }

    fn drop_slot(&mut self, key: ChunkKey) {
        self.slots.remove(&key);
        self.forget.push(key);
    }

    /// Refuses this segment's chunks from `index` on and forgets those waiting; one in flight
    /// gets its own answer (most likely another 413).
    fn close_from(&mut self, index: u32) {
        self.closed_from = Some(self.closed_from.map_or(index, |from| from.min(index)));
        let doomed: Vec<ChunkKey> = self
            .slots
            .iter()
            .filter(|(k, s)| self.refuses(**k) && s.stage != Stage::InFlight)
            .map(|(k, _)| *k)
            .collect();
        for key in doomed {
            self.drop_slot(key);
        }
    }

    /// Whether a 413 closed this tab's segment.
    pub fn limited(&self) -> bool {
        self.closed_from.is_some()
    }

    pub fn complete_ok(&mut self) {
        if self.completion == Stage::InFlight && self.outcome == Outcome::Running {
            self.outcome = Outcome::Done;
        }
    }

    pub fn complete_failed(&mut self, failure: Failure, now: f64, random01: f64) {
        if self.completion != Stage::InFlight || self.outcome != Outcome::Running {
            return;
        }
        self.last_failure = Some(failure);
        match failure {
            Failure::Network => {
                // Like a chunk: the link's probe decides when it goes again.
                self.network_failed(now, random01);
                self.completion_attempts = self.completion_attempts.saturating_add(1);
                self.completion = Stage::Waiting;
            }
            Failure::Status(s) if !failure.is_retryable() => self.outcome = Outcome::Failed(UploadError::Rejected(s)),
            _ => {
                self.link = Link::Up;
                self.completion_attempts = self.completion_attempts.saturating_add(1);
                self.completion = Stage::Backoff(now + next_delay(self.completion_attempts, random01));
            }
        }
    }

    /// The browser's `online`/`offline` event (or `navigator.onLine` at the start). Offline, only a
    /// probe every [`OFFLINE_PROBE_MS`] goes; back online, everything waiting goes at once.
    pub fn set_online(&mut self, online: bool, now: f64) {
        self.browser_offline = !online;
        if online {
            self.link = Link::Up;
            self.retry_now();
        } else {
            let failures = match self.link {
                Link::Down { failures, .. } => failures,
                Link::Up => 0,
            };
            self.link = Link::Down { probe_at: now + OFFLINE_PROBE_MS, failures };
        }
    }

    /// Retry everything now instead of waiting out the backoff.
    pub fn retry_now(&mut self) {
        for slot in self.slots.values_mut() {
            slot.stage.retry_now();
        }
        self.completion.retry_now();
    }

    /// What to do now. Call after every event and when a `WakeIn` elapses.
    pub fn poll(&mut self, now: f64) -> Vec<Command> {
        let mut commands: Vec<Command> = self.forget.drain(..).map(Command::Forget).collect();
        if self.outcome != Outcome::Running {
            return commands;
        }
        if self.deadline().is_some_and(|deadline| now >= deadline) {
            self.outcome = Outcome::Failed(UploadError::GaveUp(self.last_failure.unwrap_or(Failure::Network)));
            return commands;
        }
        // While the network is down only one probe goes, and only when it is due.
        let (limit, link_due) = match self.link {
            Link::Up => (MAX_IN_FLIGHT, true),
            Link::Down { probe_at, .. } if probe_at <= now => (1, true),
            Link::Down { .. } => (0, false),
        };
        for (key, slot) in self.slots.iter_mut() {
            if self.in_flight >= limit {
                break;
            }
            if slot.stage.start_if_due(now) {
                self.in_flight += 1;
                commands.push(Command::Upload(*key));
            }
        }
        if link_due
            && self.ended_at.is_some()
            && self.slots.is_empty()
            && self.in_flight == 0
            && self.completion.start_if_due(now)
        {
            commands.push(Command::Complete);
        }
        if let Some(at) = self.wake_at(now) {
            commands.push(Command::WakeIn((at - now).max(0.0)));
        }
        commands
    }

    /// The next future moment `poll` has something to do: a retry or the give-up deadline. A due
    /// retry blocked by the in-flight limit starts when one of those requests answers (a
    /// zero-delay timer here would spin).
    fn wake_at(&self, now: f64) -> Option<f64> {
        let future = |at: f64| if at > now { at } else { f64::INFINITY };
        let retries = self.slots.values().filter_map(|s| s.stage.backoff_until().map(future));
        let completion = self.completion.backoff_until().map_or(f64::INFINITY, future);
        let probe = if let Link::Down { probe_at, .. } = self.link { future(probe_at) } else { f64::INFINITY };
        let wake = retries.fold(completion.min(probe), f64::min).min(self.deadline().unwrap_or(f64::INFINITY));
        wake.is_finite().then_some(wake)
    }

    fn deadline(&self) -> Option<f64> {
        self.ended_at.map(|ended| ended.max(self.last_ok_at).max(self.last_network_at) + GIVE_UP_AFTER_STOP_MS)
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Bytes the server acknowledged.
    pub fn bytes_uploaded(&self) -> u64 {
        self.acked_bytes
    }

    pub fn chunks_uploaded(&self) -> u32 {
        self.acked_chunks
    }

    /// Chunks waiting, in flight or backing off.
    pub fn pending_chunks(&self) -> u32 {
        self.slots.len() as u32
    }

    /// The chunks not yet acknowledged.
    pub fn pending(&self) -> impl Iterator<Item = (ChunkKey, ChunkInfo)> + '_ {
        self.slots.iter().map(|(key, slot)| (*key, slot.info))
    }

    pub fn pending_bytes(&self) -> u64 {
        self.slots.values().map(|s| s.info.size).sum()
    }

    /// Pending chunks only this tab holds (a crash would lose them).
    pub fn memory_chunks(&self) -> u32 {
        self.slots.values().filter(|s| s.info.place == Place::Memory).count() as u32
    }

    /// Whether some request failed and is waiting for (or running) its retry.
    pub fn retrying(&self) -> bool {
        self.outcome == Outcome::Running
            && (self.slots.values().any(|s| s.attempts > 0) || self.completion_attempts > 0)
    }

    /// The failure being retried, for `lastError`.
    pub fn last_failure(&self) -> Option<Failure> {
        self.last_failure.filter(|_| self.retrying())
    }
}

#[cfg(test)]
mod tests;
