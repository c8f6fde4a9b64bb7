//! Shapes of live viewing (ADR 0016): the events a participation's object pushes to the
//! researcher's live player over its WebSocket (`GET /api/v1/entry/{id}/live`). Times named `…Ms`
//! are on the participation's timeline unless a name says otherwise; `…At` are epoch ms on the
//! server's clock.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{StepMark, SusAnswerDto, TaskAnswerDto};

/// One stored chunk of a participation in progress (every chunk stays readable until Finish,
/// ADR 0016).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct LiveChunkDto {
    pub seq: u32,
    /// 'screen' or 'camera'.
    pub track: String,
    pub index: u32,
    /// Where the chunk ends on its segment's own clock (the recorder's declared end).
    #[ts(type = "number")]
    pub endMs: i64,
    /// A short-lived signed, same-origin path of the chunk's bytes; null in a snapshot for the
    /// older chunks, which a viewer scrubbing back asks for with [`LiveRequest::Sign`].
    pub url: Option<String>,
}

/// A segment of one track, as the object keeps it while recording.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct LiveSegmentDto {
    pub seq: u32,
    pub track: String,
    /// The MediaRecorder type's base ('video/mp4' or 'video/webm').
    pub mime: String,
    /// Where the segment starts on the participation's timeline (the earlier segments' lengths).
    #[ts(type = "number")]
    pub offsetMs: i64,
    /// When the object opened it (epoch ms): about when its recording started.
    #[ts(type = "number")]
    pub openedAt: i64,
    /// 'open' while recording, else closed.
    pub state: String,
    /// Its quality tier (issue 48; the screen segment's for its camera): absent for 0, product
    /// §9's rates; 1 to 3 for the lower rates of a slow uplink.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tier: Option<u8>,
    /// Its chunks, in order (empty in a `segment` event).
    pub chunks: Vec<LiveChunkDto>,
}

/// What the object says to a viewer. The first message is always `snapshot`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "camelCase")]
#[allow(non_snake_case)]
pub enum LiveEvent {
    /// Everything a viewer needs to start: the segments with their readable chunks, the step marks.
    Snapshot {
        analysisId: String,
        taskCount: u32,
        /// 'active' (recording or paused), 'finished' or 'deleted'.
        state: String,
        segments: Vec<LiveSegmentDto>,
        steps: Vec<StepMark>,
    },
    /// A chunk was stored.
    Chunk { chunk: LiveChunkDto },
    /// A segment was opened: a new capture after a reload, or the camera of the newest one.
    Segment { segment: LiveSegmentDto },
    /// The step marks so far (the participant moved on).
    Steps { steps: Vec<StepMark> },
    /// The participant answered a task's questions or the SUS.
    Answer { task: Option<TaskAnswerDto>, sus: Option<SusAnswerDto> },
    /// The participant pressed Finish: the segments are being closed.
    Closing,
    /// Submitted: the recording is in the normal player from now on.
    Finished,
    /// The participation was deleted (left, expired or deleted by the researcher).
    Deleted,
    /// A segment's place on the participation's timeline moved: an earlier segment grew after it
    /// opened (chunks an earlier tab left on the device arrived late). Its tracks and the notes
    /// taken on it from now on start at `offsetMs`.
    Moved {
        seq: u32,
        #[ts(type = "number")]
        offsetMs: i64,
    },
    /// Fresh URLs for the chunks a viewer asked for ([`LiveRequest::Sign`]).
    Signed { chunks: Vec<LiveChunkDto> },
    /// The viewer's session ended (logout, a password change) or it lost access to the
    /// participation: the socket closes after this, and opening it again is refused.
    Revoked,
}

/// What a viewer may say to the object (everything else is ignored).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum LiveRequest {
    /// Sign the chunks `from..=to` of a segment's track (at most [`MAX_SIGN`] of them): the viewer
    /// scrubs back over them, or their URLs expired.
    Sign { seq: u32, track: String, from: u32, to: u32 },
}

/// The most chunks one [`LiveRequest::Sign`] gets (about a minute of recording).
pub const MAX_SIGN: u32 = 64;
