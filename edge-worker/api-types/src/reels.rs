//! Highlight reels (ADR 0012): ordered lists of clips from an analysis's recordings, and the
//! playlist shapes a player needs to play clips back to back (`/api/v1/analysis/{id}/reels`,
//! `/api/v1/reels/{id}`). Times are ms on an entry's timeline.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One file of a recording in a playlist: where it starts on the entry's timeline.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct PlaylistSegmentDto {
    /// Short-lived signed URL of the screen recording.
    pub url: String,
    #[ts(type = "number")]
    pub offsetMs: i64,
    #[ts(type = "number")]
    pub durationMs: i64,
    /// The camera's file for the same segment; null without camera, or hidden by the share.
    pub cameraUrl: Option<String>,
    /// Camera time = screen time − cameraOffsetMs (ADR 0009); 0 without a camera.
    #[ts(type = "number")]
    pub cameraOffsetMs: i64,
}

/// A clip as a playlist player needs it: the range and the files covering it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct PlaylistClipDto {
    pub clipId: String,
    /// The recording (researchers only; null in share links).
    pub entryId: Option<String>,
    pub participantNumber: Option<u32>,
    pub title: Option<String>,
    /// The note's text (null in share links that leave notes out).
    pub text: Option<String>,
    pub tags: Vec<String>,
    #[ts(type = "number")]
    pub startMs: i64,
    #[ts(type = "number")]
    pub endMs: i64,
    pub taskNumber: Option<u32>,
    pub taskContent: Option<String>,
    /// The recording's files that overlap the range, in order (empty if it is not playable).
    pub segments: Vec<PlaylistSegmentDto>,
}

/// `POST /api/v1/analysis/{id}/reels` and `PATCH /api/v1/reels/{id}`: `clipIds` is the whole
/// ordered list (reorder, add and remove in one write); missing fields stay as they are.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ReelRequest {
    #[schemars(length(max = lupa_core::clips::MAX_TITLE), regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub title: Option<String>,
    #[schemars(length(max = lupa_core::clips::MAX_REEL_CLIPS), extend("uniqueItems" = true))]
    pub clipIds: Option<Vec<String>>,
}

/// `POST /api/v1/reels/{id}/clips`: adds a clip at `position` (0 = first; default last).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ReelClipRequest {
    #[schemars(with = "String", length(min = 1))]
    pub clipId: Option<String>,
    pub position: Option<u32>,
}

/// A reel in the analysis's list.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ReelSummaryDto {
    pub id: String,
    pub title: String,
    pub clipCount: u32,
    #[ts(type = "number")]
    pub durationMs: i64,
    #[ts(type = "number")]
    pub createdAt: i64,
    #[ts(type = "number")]
    pub updatedAt: i64,
    /// Who made it (ADR 0019); `None` once that account is gone.
    pub author: Option<crate::AuthorDto>,
}

/// `GET /api/v1/analysis/{id}/reels`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ReelsResponse {
    pub reels: Vec<ReelSummaryDto>,
}

/// A reel with its playlist, in order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ReelDto {
    pub id: String,
    pub analysisId: String,
    pub title: String,
    /// Sum of the clips' lengths.
    #[ts(type = "number")]
    pub durationMs: i64,
    #[ts(type = "number")]
    pub createdAt: i64,
    #[ts(type = "number")]
    pub updatedAt: i64,
    /// Who made it (ADR 0019); `None` once that account is gone.
    pub author: Option<crate::AuthorDto>,
    pub clips: Vec<PlaylistClipDto>,
}
