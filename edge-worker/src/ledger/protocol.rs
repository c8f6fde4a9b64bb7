//! What the worker and a participation's Durable Object say to each other (ADR 0013): one JSON
//! call per request, one JSON answer. Both sides are this crate, so the shapes are shared types,
//! never hand-copied; refusals are `lupa_core::ledger::Refusal`, so the worker answers the client
//! with the same status, code and message whichever side decided.
//!
//! A call is either a participant's ([`ParticipantCall`]: the worker passes on the capability the
//! browser presented, and the object checks it once, at its door, before any of them runs) or the
//! worker's own ([`WorkerCall`]: commits, composing, status, deletion, Finish, viewers). Tracks,
//! chunks and states are `lupa_core::recording`'s types. The JSON is what it was when every call
//! was one flat enum (`{"op": "reserve", "capability": …, "seq": …, "track": "screen", …}`), so a
//! worker and an object of different versions still understand each other during a deploy.

use lupa_core::ledger::Refusal;
use lupa_core::recording::{ChunkId, SegmentState, Track};
use serde::{Deserialize, Serialize};

/// A segment the object adopts from D1 (a participation that started before the object existed).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AdoptedSegment {
    pub seq: u32,
    pub track: Track,
    pub mime: String,
    pub r2_key: String,
    pub upload_id: Option<String>,
    pub offset_ms: i64,
    pub state: SegmentState,
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

/// One request to the object. `now` in a call is the request's clock (tests move it; `clock.rs`).
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Call {
    Participant(ParticipantCall),
    Worker(WorkerCall),
}

/// A call on the participant's behalf, with the capability hash of the cookie they presented
/// (`None`: no cookie). The object refuses it unless it is this participation's.
#[derive(Debug, Serialize, Deserialize)]
pub struct ParticipantCall {
    pub capability: Option<String>,
    #[serde(flatten)]
    pub op: ParticipantOp,
}

impl Call {
    /// A participant's call, presenting `capability`.
    pub fn participant(capability: Option<String>, op: ParticipantOp) -> Call {
        Call::Participant(ParticipantCall { capability, op })
    }
}

impl From<WorkerCall> for Call {
    fn from(call: WorkerCall) -> Call {
        Call::Worker(call)
    }
}

/// What a participant asks of their participation's object.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum ParticipantOp {
    /// A new screen segment, or the camera track of the newest one.
    Open(OpenSegment),
    /// Reserves a chunk's bytes before its body is streamed to R2.
    Reserve(ReserveChunk),
    /// The step marks so far (JSON array), kept for resume and written to D1 at Finish.
    Steps { steps_json: String, now: i64 },
    /// Where the audio track's chunks go: the newest screen segment (its number and offset).
    AudioOpen { now: i64 },
    /// One chunk of a segment's audio track for transcription (ADR 0018): the object stores it.
    Audio(AudioChunk),
    /// Closes every segment (Finish).
    Complete { now: i64 },
}

/// What the worker asks of a participation's object on its own account.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum WorkerCall {
    /// A new participation (from `participate`), or one adopted from D1 with what it had.
    Init(Init),
    /// The body's upload ended: stored, with the size R2 reported, or failed.
    Commit(CommitChunk),
    /// Composes the parts after the first that the stored chunks cover (after a chunk's answer).
    Compose { seq: u32, track: Track },
    /// What was recorded so far (resume, the researcher's table).
    Status { now: i64 },
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

/// A participation's start. `transcribe`: the language when the analysis transcribes and the
/// server has a provider (ADR 0018); absent otherwise (and from callers that predate it).
#[derive(Debug, Serialize, Deserialize)]
pub struct Init {
    pub entry_id: String,
    pub analysis_id: String,
    pub capability: String,
    pub camera: String,
    pub now: i64,
    pub adopted: Vec<AdoptedSegment>,
    #[serde(default)]
    pub transcribe: Option<String>,
}

/// Opens a segment of `track` (`mime` is a base type) recorded at quality `tier` (issue 48; a
/// camera track takes its screen segment's instead). An audio track is not opened this way
/// ([`ParticipantOp::AudioOpen`]).
#[derive(Debug, Serialize, Deserialize)]
pub struct OpenSegment {
    pub track: Track,
    pub mime: String,
    pub now: i64,
    #[serde(default)]
    pub tier: u8,
}

/// A chunk asking for its bytes: its declared end and length, and for the camera where its file
/// starts on the screen's (`x-lupa-start-ms`).
#[derive(Debug, Serialize, Deserialize)]
pub struct ReserveChunk {
    #[serde(flatten)]
    pub chunk: ChunkId,
    pub end_ms: i64,
    pub len: u64,
    pub start_ms: Option<i64>,
    pub now: i64,
}

/// The end of a chunk's upload. `attempt` is the reservation this upload made
/// (`Reserved::attempt`): an upload whose reservation went stale and was taken over commits
/// nothing. `size` is what R2 reported.
#[derive(Debug, Serialize, Deserialize)]
pub struct CommitChunk {
    #[serde(flatten)]
    pub chunk: ChunkId,
    #[serde(default)]
    pub attempt: i64,
    pub stored: bool,
    #[serde(default)]
    pub size: u64,
    pub now: i64,
}

/// One audio chunk, base64. `start_ms`: where the audio starts on the segment's screen file.
#[derive(Debug, Serialize, Deserialize)]
pub struct AudioChunk {
    pub seq: u32,
    pub index: u32,
    pub start_ms: i64,
    pub body: String,
    pub now: i64,
}

/// A segment the object opened.
#[derive(Debug, Serialize, Deserialize)]
pub struct Opened {
    pub seq: u32,
    pub offset_ms: i64,
    pub r2_key: String,
    /// The hold D1 should give the participation now that it records (`ledger::provisional_hold`).
    pub hold_until: i64,
    /// The segment's quality tier (for a camera track, its screen segment's).
    #[serde(default)]
    pub tier: u8,
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
    /// Whether a viewer watches live: the participant's recorder hears it in the chunk's answer.
    #[serde(default)]
    pub watched: bool,
}

/// A closed segment, as D1 records it for the researcher.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClosedSegment {
    pub seq: u32,
    pub track: Track,
    pub mime: String,
    pub r2_key: String,
    pub state: SegmentState,
    pub size: u64,
    pub duration_ms: i64,
    pub offset_ms: i64,
    pub start_ms: i64,
    #[serde(default)]
    pub tier: u8,
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
    /// The accounts watching it live now, one id each however many tabs (ADR 0019: the analysis
    /// page lists them). From the object's open sockets, not from D1's `live_viewers`, which keeps
    /// a row while the session lasts.
    #[serde(default)]
    pub viewers: Vec<String>,
}

/// The object's answer: a value, a refusal, or "I don't know this participation yet".
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer<T> {
    Ok(T),
    Refused(Refusal),
    Uninitialized,
}
