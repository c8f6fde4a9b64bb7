//! What the worker and a participation's Durable Object say to each other (ADR 0013): one JSON
//! call per request, one JSON answer. Both sides are this crate, so the shapes are shared types,
//! never hand-copied; refusals are `lupa_core::ledger::Refusal`, so the worker answers the client
//! with the same status, code and message whichever side decided.

use lupa_core::ledger::Refusal;
use serde::{Deserialize, Serialize};

/// A segment the object adopts from D1 (a participation that started before the object existed).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AdoptedSegment {
    pub seq: u32,
    pub track: String,
    pub mime: String,
    pub r2_key: String,
    pub upload_id: Option<String>,
    pub offset_ms: i64,
    pub state: String,
    pub start_ms: i64,
    pub created_at: i64,
    pub chunks: Vec<AdoptedChunk>,
    pub parts: Vec<AdoptedPart>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AdoptedChunk {
    pub idx: u32,
    pub size: i64,
    pub end_ms: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AdoptedPart {
    pub part_number: u32,
    pub etag: String,
    pub size: i64,
}

/// One request to the object. `now` is the request's clock (tests move it; `clock.rs`).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Call {
    /// A new participation (from `participate`), or one adopted from D1 with what it had.
    /// `transcribe`: the language when the analysis transcribes and the server has a provider
    /// (ADR 0018); absent otherwise (and from callers that predate it).
    Init {
        entry_id: String,
        analysis_id: String,
        capability: String,
        camera: String,
        now: i64,
        adopted: Vec<AdoptedSegment>,
        #[serde(default)]
        transcribe: Option<String>,
    },
    /// One chunk of a segment's audio track for transcription (ADR 0018), base64: the object
    /// stores it in R2 itself. `start_ms`: where the audio starts on the segment's screen file.
    Audio { capability: Option<String>, seq: u32, index: u32, start_ms: i64, body: String, now: i64 },
    /// Where the audio track's chunks go: the newest screen segment (its number and offset).
    AudioOpen { capability: Option<String>, now: i64 },
    /// A new screen segment, or the camera track of the newest one (`mime` is a base type).
    Open { capability: Option<String>, track: String, mime: String, now: i64 },
    /// Reserves a chunk's bytes before its body is streamed to R2.
    Reserve {
        capability: Option<String>,
        seq: u32,
        track: String,
        index: u32,
        end_ms: i64,
        len: u64,
        start_ms: Option<i64>,
        now: i64,
    },
    /// The body's upload ended: stored, with the size R2 reported, or failed. `attempt` is the
    /// reservation this upload made (`Reserved::attempt`): an upload whose reservation went stale
    /// and was taken over commits nothing.
    Commit {
        seq: u32,
        track: String,
        index: u32,
        #[serde(default)]
        attempt: i64,
        stored: bool,
        #[serde(default)]
        size: u64,
        now: i64,
    },
    /// Composes the parts after the first that the stored chunks cover (after a chunk's answer).
    Compose { seq: u32, track: String },
    /// Closes every segment (Finish).
    Complete { capability: Option<String>, now: i64 },
    /// What was recorded so far (resume).
    Status { now: i64 },
    /// The step marks so far (JSON array), kept for resume and written to D1 at Finish.
    Steps { capability: Option<String>, steps_json: String, now: i64 },
    /// Left, expired or deleted: refuse everything, delete every object, now and after in-flight uploads.
    Delete { now: i64 },
    /// Submitted: the object forgets the participation (D1 has what the researcher sees), and
    /// builds the seek indexes of `index` (the closed files) on its alarm.
    Finish { index: Vec<String> },
    /// Something the worker wrote to D1 that viewers should hear of (answers; ADR 0016).
    Live { event: lupa_api_types::LiveEvent },
    /// A session ended or a user lost an access: the viewers' sockets of that session (or, without
    /// one, of that user) are checked again, and those that may no longer watch are closed.
    Recheck { session_hash: Option<String>, user_id: Option<String> },
}

/// A segment the object opened.
#[derive(Debug, Serialize, Deserialize)]
pub struct Opened {
    pub seq: u32,
    pub offset_ms: i64,
    pub r2_key: String,
    /// The hold D1 should give the participation now that it records (`ledger::provisional_hold`).
    pub hold_until: i64,
}

/// A reserved chunk: where its body goes, or that it is stored already (a retry).
#[derive(Debug, Serialize, Deserialize)]
pub struct Reserved {
    pub key: String,
    pub already_stored: bool,
    /// Which reservation of the index this is; the commit names it.
    #[serde(default)]
    pub attempt: i64,
}

/// A committed chunk.
#[derive(Debug, Serialize, Deserialize)]
pub struct Committed {
    /// Whether a part after the first may be ready to compose.
    pub compose: bool,
    /// Whether the worker must delete what this upload wrote: the ledger gave its reservation
    /// back (nothing, or not the reserved size, reached R2). Only the ledger says so: an object
    /// it counts as stored is never deleted by the worker (ADR 0013).
    #[serde(default)]
    pub delete: bool,
}

/// A closed segment, as D1 records it for the researcher.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClosedSegment {
    pub seq: u32,
    pub track: String,
    pub mime: String,
    pub r2_key: String,
    pub state: String,
    pub size: u64,
    pub duration_ms: i64,
    pub offset_ms: i64,
    pub start_ms: i64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Completed {
    pub segments: Vec<ClosedSegment>,
    pub recorded_bytes: u64,
    /// The step marks the tab last sent (JSON), if any.
    pub steps_json: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Status {
    pub recorded_ms: i64,
    pub segments: u32,
    /// The last activity the object saw (a chunk, a segment opened), on the requests' clock.
    pub active_at: i64,
    /// The step marks the tab last sent (JSON), if any.
    pub steps_json: Option<String>,
}

/// The object's answer: a value, a refusal, or "I don't know this participation yet".
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer<T> {
    Ok(T),
    Refused(Refusal),
    Uninitialized,
}
