//! A capture's vocabulary (ADR 0005): its phase and fault, the messages product §8 gives them, the
//! commands the browser shell performs, the snapshot it reports, and the chunks left from before.

use crate::steps::StepMark;
use crate::upload::{ChunkKey, UploadError};

/// The recorder's life cycle, as JavaScript sees it (`state().phase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Idle,
    Recording,
    Finishing,
    Done,
    Failed,
    Aborted,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Recording => "recording",
            Phase::Finishing => "finishing",
            Phase::Done => "done",
            Phase::Failed => "failed",
            Phase::Aborted => "aborted",
        }
    }

    pub fn is_terminal(self) -> bool {
        matches!(self, Phase::Done | Phase::Failed | Phase::Aborted)
    }
}

/// Where the chunks not yet on the server are kept (`state().storage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// All of them in IndexedDB: closing the tab loses nothing.
    Device,
    /// IndexedDB is missing or refused some: those are only in this tab's memory.
    Memory,
}

impl Storage {
    pub fn as_str(self) -> &'static str {
        match self {
            Storage::Device => "device",
            Storage::Memory => "memory",
        }
    }
}

/// Why a recording failed; the shell turns it into a named JS error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The upload failed for good (`UploadFailed`).
    Upload(UploadError),
    /// Nothing was recorded (`RecordingEmpty`).
    Empty,
    /// MediaRecorder reported an error or stopped on its own (`RecordingError`).
    Media(String),
}

impl Fault {
    /// Text for `lastError`.
    pub fn describe(&self) -> String {
        match self {
            Fault::Upload(e) => e.describe(),
            Fault::Empty => EMPTY_MESSAGE.to_string(),
            Fault::Media(m) => m.clone(),
        }
    }
}

/// Product §8 strings.
pub const UPLOAD_FAILED_MESSAGE: &str = "Failed to upload recording. Please try again.";
pub const EMPTY_MESSAGE: &str = "Recording is empty. Please try recording again.";
pub const STOPPED_MESSAGE: &str = "Recording stopped. Please share your screen and microphone again to continue.";
/// `limitMessage` when a 413 came without a readable message (the server sends a Spanish one).
pub const LIMIT_FALLBACK_MESSAGE: &str =
    "La grabación ha alcanzado el límite permitido. Puedes finalizar el análisis con lo grabado hasta ahora.";

/// What the shell must do next.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// PUT this chunk with its `end_ms` (see [`Session::chunk_info`]), then delete it locally.
    Upload(ChunkKey),
    /// Delete this chunk locally without sending it: the server cannot take it.
    Forget(ChunkKey),
    /// PUT the whole step list ([`Session::steps`]).
    PutSteps,
    /// POST complete with [`Session::duration_ms`] and the steps.
    Complete,
    /// Stop MediaRecorder: the participation reached its limit.
    StopMedia,
    /// Call `poll` again in this many ms.
    WakeIn(f64),
    /// Open a new segment at this tier and move recording to it ([`Session::rotated`], or
    /// [`Session::rotate_failed`]); `align_to` as in [`Resume::align_to`].
    Rotate { tier: u8, align_to: Option<f64> },
}

/// What the participant brings from earlier segments (the server's resume info).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Resume {
    pub recorded_ms: u64,
    pub steps: Vec<StepMark>,
    /// The camera only: when the screen recorder of this segment started (the page's clock), so
    /// the server learns where the camera file starts on the screen file (ADR 0008).
    pub align_to: Option<f64>,
}

/// A chunk an earlier tab of this entry left on the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeftChunk {
    pub key: ChunkKey,
    pub size: u64,
    pub end_ms: u64,
    /// Where its segment started on the timeline, as that tab knew it.
    pub offset_ms: u64,
}

impl LeftChunk {
    /// How far on the timeline this chunk reaches.
    pub fn timeline_end(&self) -> u64 {
        self.offset_ms.saturating_add(self.end_ms)
    }
}

/// What the device holds for an entry (`Recorder.pending`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PendingSummary {
    pub chunks: u32,
    pub bytes: u64,
    /// The furthest point on the timeline those chunks reach.
    pub last_end_ms: u64,
}

impl PendingSummary {
    pub fn of(left: &[LeftChunk]) -> Self {
        PendingSummary {
            chunks: left.len() as u32,
            bytes: left.iter().map(|c| c.size).sum(),
            last_end_ms: left.iter().map(LeftChunk::timeline_end).max().unwrap_or(0),
        }
    }
}

/// A piece of a MediaRecorder chunk to store and upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewChunk {
    pub key: ChunkKey,
    /// Byte range in the MediaRecorder chunk.
    pub start: u64,
    pub end: u64,
    pub end_ms: u64,
}

/// The `state()` snapshot.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub phase: Phase,
    pub mime_type: Option<String>,
    pub elapsed_ms: f64,
    pub bytes_recorded: u64,
    pub bytes_uploaded: u64,
    pub chunks_uploaded: u32,
    pub pending_chunks: u32,
    pub pending_bytes: u64,
    pub progress: f64,
    pub retrying: bool,
    pub online: bool,
    pub storage: Storage,
    pub limit_message: Option<String>,
    pub last_error: Option<String>,
    /// The quality tier being recorded (ADR 0023).
    pub tier: u8,
    /// Media not yet on the server, in ms.
    pub backlog_ms: f64,
    /// What the uplink carried lately, bit/s (or the pre-flight probe's figure).
    pub uplink_bps: Option<f64>,
}

impl Snapshot {
    /// Before any segment: nothing recorded, progress 0.
    pub fn idle(phase: Phase, last_error: Option<String>, online: bool) -> Self {
        Snapshot {
            phase,
            mime_type: None,
            elapsed_ms: 0.0,
            bytes_recorded: 0,
            bytes_uploaded: 0,
            chunks_uploaded: 0,
            pending_chunks: 0,
            pending_bytes: 0,
            progress: 0.0,
            retrying: false,
            online,
            storage: Storage::Device,
            limit_message: None,
            last_error,
            tier: 0,
            backlog_ms: 0.0,
            uplink_bps: None,
        }
    }

    /// Whether the two differ in anything but the running clock (which alone is no "change").
    pub fn differs_from(&self, other: &Snapshot) -> bool {
        // The backlog and the measure move with the clock too (the page reads them on its own
        // tick, as it reads the clock).
        let still = |s: &Snapshot| Snapshot { elapsed_ms: 0.0, backlog_ms: 0.0, uplink_bps: None, ..s.clone() };
        still(self) != still(other)
    }
}

/// One kind of request the shell sends for the session, as far as its answer shows connectivity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Request {
    Chunk(ChunkKey),
    Steps,
    Complete,
}
