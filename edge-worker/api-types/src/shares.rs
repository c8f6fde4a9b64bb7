//! Share links (ADR 0012): what a researcher creates and lists (`/api/v1/analysis/{id}/shares`),
//! and exactly what the public page of a link gets (`/api/v1/share/{token}`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::wire_enums::{ShareDays, ShareKindName};
use crate::{
    ChapterDto, EntryAnswersDto, InsightSettingsDto, NoteDto, OverallSummaryDto, PlaylistClipDto, PlaylistSegmentDto,
    SusSummaryDto,
};

/// `POST /api/v1/analysis/{id}/shares`. `kind`: 'recording' (`targetId` = entry id), 'clip'
/// (note id of a clip), 'reel' (reel id) or 'summary' (no target). `expiresInDays`: 7, 30 or 90.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(transform = crate::request_rules::share_target)]
#[schemars(example = crate::examples::share())]
pub struct ShareRequest {
    #[schemars(with = "ShareKindName")]
    pub kind: Option<String>,
    pub targetId: Option<String>,
    #[ts(type = "number | null")]
    #[schemars(with = "ShareDays")]
    pub expiresInDays: Option<i64>,
    pub hideCamera: Option<bool>,
    pub includeNotes: Option<bool>,
    /// A recording or clip: the page shows its transcript as captions (ADR 0018); off when omitted.
    pub captions: Option<bool>,
}

/// A share link as its owner sees it (never its token).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ShareDto {
    pub id: String,
    pub kind: String,
    pub targetId: Option<String>,
    /// What the link shows, e.g. the clip's or reel's title, or the analysis name.
    pub targetTitle: String,
    pub hideCamera: bool,
    pub includeNotes: bool,
    pub captions: bool,
    #[ts(type = "number")]
    pub createdAt: i64,
    #[ts(type = "number")]
    pub expiresAt: i64,
    #[ts(type = "number | null")]
    pub revokedAt: Option<i64>,
    /// Answers of the public route so far.
    #[ts(type = "number")]
    pub viewCount: i64,
    #[ts(type = "number | null")]
    pub lastViewedAt: Option<i64>,
    /// 'active', 'revoked' or 'expired'.
    pub state: String,
    /// Who made the link (ADR 0019); it belongs to the workspace and outlives their membership.
    /// `None` once that account is gone.
    pub author: Option<crate::AuthorDto>,
}

/// The new link: `token` and `url` are shown this once (only a hash is stored).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ShareCreatedResponse {
    pub share: ShareDto,
    pub token: String,
    /// `{origin}/s/{token}`: the page a stakeholder opens.
    pub url: String,
}

/// `GET /api/v1/analysis/{id}/shares`: every link of the analysis, newest first.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct SharesResponse {
    pub shares: Vec<ShareDto>,
}

/// A shared recording: its files, chapters and answers; notes only when the link includes them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SharedRecordingDto {
    pub participantNumber: Option<u32>,
    #[ts(type = "number")]
    pub durationMs: i64,
    pub segments: Vec<PlaylistSegmentDto>,
    pub chapters: Vec<ChapterDto>,
    pub answers: EntryAnswersDto,
    pub notes: Option<Vec<NoteDto>>,
}

/// A shared reel.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SharedReelDto {
    pub title: String,
    #[ts(type = "number")]
    pub durationMs: i64,
    pub clips: Vec<PlaylistClipDto>,
}

/// A shared summary: the figures, without any entry.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SharedSummaryDto {
    pub settings: InsightSettingsDto,
    pub tasks: Vec<crate::TaskSummaryDto>,
    /// Every task together (the tiles).
    pub overall: OverallSummaryDto,
    pub sus: SusSummaryDto,
    /// Submitted participations the figures come from.
    pub submitted: u32,
}

/// `GET /api/v1/share/{token}`: exactly what was shared, and nothing else. One of `recording`,
/// `clip`, `reel`, `summary` is set, as `kind` says.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SharedViewResponse {
    pub kind: String,
    pub analysisName: String,
    pub title: String,
    #[ts(type = "number")]
    pub expiresAt: i64,
    pub hideCamera: bool,
    pub recording: Option<SharedRecordingDto>,
    pub clip: Option<PlaylistClipDto>,
    pub reel: Option<SharedReelDto>,
    pub summary: Option<SharedSummaryDto>,
    /// A recording's or clip's captions (ADR 0018): a signed WebVTT URL, cues on the recording's
    /// timeline (a clip's: the lines said during it). Null when the link was made without
    /// captions, nothing was said in it, or transcription is unavailable.
    pub captionsUrl: Option<String>,
    /// The language of those captions (the analysis's transcription language), with `captionsUrl`.
    pub captionsLanguage: Option<crate::transcript::TranscriptLanguage>,
}
