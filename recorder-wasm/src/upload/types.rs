//! The upload machine's vocabulary: a chunk's key and place, what the shell is told to do and
//! what became of the upload, and the stage of each request it sends.

use super::Failure;

/// A chunk's address: segment (from 1), then index within it (from 0). Orders as it uploads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChunkKey {
    pub segment: u32,
    pub index: u32,
}

/// Where the chunk's bytes wait for their upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// IndexedDB: survives a crash.
    Device,
    /// IndexedDB refused it (or is missing): only this tab holds it.
    Memory,
}

/// What the machine knows of a chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkInfo {
    pub size: u64,
    /// `x-lupa-end-ms`: ms since its segment started.
    pub end_ms: u64,
    pub place: Place,
}

/// Why the upload failed for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadError {
    /// A non-retryable answer (403 `not_your_entry`, 400 on completion, ...).
    Rejected(u16),
    /// Still failing [`GIVE_UP_AFTER_STOP_MS`] after the recording stopped.
    GaveUp(Failure),
}

impl UploadError {
    pub fn describe(self) -> String {
        match self {
            UploadError::Rejected(s) => Failure::Status(s).describe(),
            UploadError::GaveUp(last) => format!("{} (gave up after 10 minutes)", last.describe()),
        }
    }
}

/// What the shell must do next.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// PUT this chunk (its bytes are on the device or in memory; see [`Uploader::info`]).
    Upload(ChunkKey),
    /// Delete this chunk from the device and memory without sending it (refused by the server).
    Forget(ChunkKey),
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

/// What a failed chunk upload meant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It will be tried again.
    Retry,
    /// The server cannot take it (an earlier tab's chunk): forgotten.
    Dropped,
    /// 413: the participation is full; recording must stop.
    Limit,
    /// The upload failed for good.
    Fatal,
    /// Not a request the machine is waiting for (a stale answer).
    Ignored,
}

/// Where one request the machine sends stands, a chunk's or the completion's: both are sent when
/// due, then answered or retried after a backoff, so one type and one rule serve both.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Stage {
    /// Not sent yet, or to be sent again at once.
    Waiting,
    InFlight,
    /// To be sent again from this moment on.
    Backoff(f64),
}

impl Stage {
    /// Marks the request sent if it is due at `now`; whether it was.
    pub(super) fn start_if_due(&mut self, now: f64) -> bool {
        let due = match *self {
            Stage::Waiting => true,
            Stage::Backoff(at) => at <= now,
            Stage::InFlight => false,
        };
        if due {
            *self = Stage::InFlight;
        }
        due
    }

    /// Ends a backoff early: the request is due at once.
    pub(super) fn retry_now(&mut self) {
        if let Stage::Backoff(_) = self {
            *self = Stage::Waiting;
        }
    }

    /// When a request in backoff is due again.
    pub(super) fn backoff_until(self) -> Option<f64> {
        if let Stage::Backoff(at) = self {
            Some(at)
        } else {
            None
        }
    }
}

#[derive(Debug)]
pub(super) struct Slot {
    pub(super) info: ChunkInfo,
    pub(super) attempts: u32,
    pub(super) stage: Stage,
}

/// What the machine knows of the network.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Link {
    /// Requests get answers (or nothing failed yet).
    Up,
    /// A request got no answer, or the browser said it is offline: one probe at a time, from
    /// `probe_at` on; `failures` counts the probes that failed, for the backoff.
    Down { probe_at: f64, failures: u32 },
}
