//! Shapes of the insights API (ADR 0012): task answers and SUS, the summary's figures, clips and
//! tags, highlight reels and share links. Times are ms on an entry's timeline (segments played
//! back to back) unless a name says otherwise.
//! Size: one shape per insights endpoint, each with its doc comment; split by endpoint family it would scatter the ts-rs exports the web imports together.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

use crate::wire_enums::*;

use crate::{ChapterDto, NoteDto, QuestionAnswerDto};

/// A field of a PATCH body: missing (leave it alone), `null` (clear it) or a value. Use it with
/// `#[serde(default)]`, which makes a missing field `Missing`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Patch<T> {
    #[default]
    Missing,
    Null,
    Value(T),
}

impl<T> Patch<T> {
    /// The new value: `current` when missing, `None` when cleared.
    pub fn apply(self, current: Option<T>) -> Option<T> {
        match self {
            Patch::Missing => current,
            Patch::Null => None,
            Patch::Value(v) => Some(v),
        }
    }

    pub fn is_missing(&self) -> bool {
        matches!(self, Patch::Missing)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Patch<T> {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        Option::<T>::deserialize(de).map(|v| v.map_or(Patch::Null, Patch::Value))
    }
}

impl<T: Serialize> Serialize for Patch<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Patch::Value(v) => s.serialize_some(v),
            _ => s.serialize_none(),
        }
    }
}

impl<T: JsonSchema> JsonSchema for Patch<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Option::<T>::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        Option::<T>::json_schema(generator)
    }
}

/// `PUT /api/v1/analysisEntry/{id}/answers/tasks/{taskNumber}`: the answers after a task.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(example = crate::examples::task_answer())]
pub struct TaskAnswerRequest {
    /// Single Ease Question, 1 ('Muy difícil') to 7 ('Muy fácil').
    #[ts(type = "number | null")]
    #[schemars(with = "i64", range(min = lupa_core::insights::SEQ_MIN, max = lupa_core::insights::SEQ_MAX))]
    pub seq: Option<i64>,
    /// 'yes', 'no' or 'unsure' ('No estoy seguro').
    #[schemars(with = "TaskSuccess")]
    pub success: Option<String>,
    /// When the participant finished the task (pressed 'Siguiente'), on the entry's timeline.
    #[ts(type = "number | null")]
    #[schemars(with = "i64", range(min = 0, max = lupa_core::insights::MAX_AT_MS))]
    pub atMs: Option<i64>,
}

/// One task's stored answers.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct TaskAnswerDto {
    /// 1 = the first task.
    pub taskNumber: u32,
    pub seq: u8,
    pub success: String,
    #[ts(type = "number")]
    pub atMs: i64,
}

/// `PUT /api/v1/analysisEntry/{id}/answers/sus`: the ten SUS answers, each 1–5, in item order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(example = crate::examples::sus_answer())]
pub struct SusAnswerRequest {
    #[ts(type = "Array<number> | null")]
    #[schemars(with = "Vec<i64>", length(equal = lupa_core::sus::ITEMS), inner(range(min = lupa_core::sus::ANSWER_MIN, max = lupa_core::sus::ANSWER_MAX)))]
    pub answers: Option<Vec<i64>>,
    /// When the participant finished the questionnaire, on the entry's timeline.
    #[ts(type = "number | null")]
    #[schemars(with = "i64", range(min = 0, max = lupa_core::insights::MAX_AT_MS))]
    pub atMs: Option<i64>,
}

/// The stored SUS answers and their score (0–100).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SusAnswerDto {
    pub answers: Vec<u8>,
    pub score: f64,
    #[ts(type = "number")]
    pub atMs: i64,
}

/// Everything a participant answered in one entry.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct EntryAnswersDto {
    pub tasks: Vec<TaskAnswerDto>,
    pub sus: Option<SusAnswerDto>,
    /// Answers to the questions before and after the tasks (ADR 0017), in timeline order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questions: Option<Vec<QuestionAnswerDto>>,
}

/// A success rate: `successes` ('yes') of `n` answers. `low`/`high`: the adjusted-Wald 95%
/// interval, null below 3 answers.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ProportionDto {
    pub n: u32,
    pub successes: u32,
    pub yes: u32,
    pub no: u32,
    pub unsure: u32,
    pub rate: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

/// A mean with its 95% t-interval (null below 3 values), cut to the scale.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct MeanDto {
    pub n: u32,
    pub mean: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

/// Time on task: median and geometric mean, and the geometric mean's 95% interval (the
/// t-interval of the logs; null below 3 values). Whole ms.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct TimeDto {
    pub n: u32,
    #[ts(type = "number | null")]
    pub medianMs: Option<i64>,
    #[ts(type = "number | null")]
    pub geometricMeanMs: Option<i64>,
    #[ts(type = "number | null")]
    pub lowMs: Option<i64>,
    #[ts(type = "number | null")]
    pub highMs: Option<i64>,
}

/// The SUS across submitted entries: mean score, its interval, and the grade of the mean on the
/// Sauro–Lewis curved grading scale (`gradingScale`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SusSummaryDto {
    pub n: u32,
    pub mean: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    /// 'A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D' or 'F'; null without answers.
    pub grade: Option<String>,
    pub gradingScale: String,
}

/// Every task together, for the summary's number tiles (ADR 0015): the 'yes' share of every task
/// answer, the mean of every SEQ rating and the time of every attempt that reached its task, each
/// with its n and 95% interval as for one task.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct OverallSummaryDto {
    pub success: ProportionDto,
    pub seq: MeanDto,
    pub time: TimeDto,
}

/// What the analysis asks participants.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct InsightSettingsDto {
    pub taskQuestions: bool,
    pub sus: bool,
}

/// A note or clip of the analysis-wide list, with where it belongs.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AnalysisNoteDto {
    #[serde(flatten)]
    #[ts(flatten)]
    pub note: NoteDto,
    pub entryId: String,
    /// 'Participante N' (null until participations are numbered).
    pub participantNumber: Option<u32>,
    /// The task the note starts in (1 = first); null for the scenario and URL steps.
    pub taskNumber: Option<u32>,
}

/// How often a tag is used in the analysis.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TagCountDto {
    pub tag: String,
    pub count: u32,
}

/// `GET /api/v1/analysis/{id}/notes?tag=&task=&kind=`: every note and clip of the analysis's
/// recordings (timeline order per entry, entries oldest first), and every tag with its count.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct AnalysisNotesResponse {
    pub notes: Vec<AnalysisNoteDto>,
    pub tags: Vec<TagCountDto>,
}

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
