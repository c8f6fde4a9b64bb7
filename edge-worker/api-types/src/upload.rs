//! The recording's upload (ADR 0005): segments opened one per capture, their chunks, the step
//! marks and the closing call (`/api/v1/analysisEntry/{id}/…`). The recorder writes these
//! requests' JSON by hand (`recorder_bodies`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::wire_enums::SegmentTrack;

/// `POST /api/v1/analysisEntry/{id}/segments`: a new capture of the participation (ADR 0005).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(transform = crate::request_rules::open_segment)]
#[schemars(example = crate::examples::open_segment())]
pub struct OpenSegmentRequest {
    pub mimeType: Option<String>,
    /// 'screen' (default) opens a new capture; 'camera' opens the camera track of the newest
    /// screen segment (same number; its chunks go to `…/segments/{segment}/camera-chunks/{index}`).
    /// 'audio' (ADR 0018) names the newest screen segment for the transcription track's chunks
    /// (`…/segments/{segment}/audio-chunks/{index}`); nothing is opened, and a participation that
    /// is not transcribed gets 400.
    #[serde(default)]
    #[ts(optional = nullable)]
    #[schemars(with = "Option<SegmentTrack>")]
    pub track: Option<String>,
    /// The quality tier the capture is recorded at (issue 48): 0, product §9's rates, is the
    /// default (absent or null) and the best; 1 to 3 are the lower rates a recorder picks for a
    /// slow uplink (3: the legibility floor). A recorder changes tier by opening a new segment.
    /// The tier is a screen segment's: a camera track takes its screen segment's tier whatever it
    /// sends, and the audio track's opening ignores it (both still refuse an invalid one). Anything
    /// but a whole number from 0 to 3 is 400 `bad_tier`.
    #[serde(default)]
    #[ts(optional = nullable)]
    #[schemars(range(min = 0, max = lupa_core::recording::MAX_TIER))]
    pub tier: Option<u8>,
}

/// The opened segment: chunks go to `…/segments/{segment}/chunks/{index}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SegmentResponse {
    pub segment: u32,
    /// Larger chunks must be split by the tab.
    #[ts(type = "number")]
    pub chunkMaxBytes: u64,
    /// Length of the earlier segments the server knows of: where this one starts on the timeline.
    #[ts(type = "number")]
    pub recordedMs: u64,
}

/// `PUT /api/v1/analysisEntry/{id}/segments/{segment}/chunks/{index}`: the chunk is durable.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ChunkResponse {
    pub stored: bool,
    /// Someone watches the participation live (ADR 0016): while they do, the recorder cuts the
    /// screen's chunks every half second instead of every second, so the live view runs closer
    /// behind (ADR 0023). False for the audio track's chunks, and for a chunk stored before.
    #[serde(default)]
    pub watched: bool,
}

/// When the participant entered a step (0 = scenario, 1 = URL, 2.. = tasks), ms from start.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct StepMark {
    pub index: u32,
    #[ts(type = "number")]
    pub atMs: u64,
}

/// `PUT /api/v1/analysisEntry/{id}/steps`: every step mark so far, on the participation's timeline.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct StepsRequest {
    #[schemars(length(max = lupa_core::participation::MAX_STEP_MARKS))]
    pub steps: Vec<StepMark>,
}

/// `POST /api/v1/analysisEntry/{id}/complete`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct CompleteUploadRequest {
    #[ts(type = "number | null")]
    pub durationMs: Option<u64>,
    pub steps: Option<Vec<StepMark>>,
}

/// The closed recording: its total length and how many segments it has.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct CompleteUploadResponse {
    #[ts(type = "number")]
    pub durationMs: u64,
    pub segments: u32,
}
