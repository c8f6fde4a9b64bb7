//! Participations as the researcher sees them: the analysis detail's rows, the recording's
//! segments and the entry page (`/api/v1/analysisEntry/{id}`, `/api/v1/entry/{id}`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{AuthorDto, EntryAnswersDto, StepMark};

/// Where a participation stands, for the researcher (ADR 0008): recording now, stopped before
/// the end (nothing received for a while: the tab was closed, crashed, went offline or asleep; it
/// may still be resumed), or sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum EntryStatus {
    InProgress,
    Interrupted,
    Submitted,
}

/// One participation as the researcher sees it in the analysis detail (`AnalysisEntries`),
/// newest first: everything the participations table shows.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct EntrySummaryDto {
    pub id: String,
    /// 'Participante N': 1, 2, … per analysis by the time the participation started; never reused.
    pub participantNumber: u32,
    pub status: EntryStatus,
    /// When the participation started.
    #[ts(type = "number")]
    pub createdAt: i64,
    /// Upload date ('Fecha de subida'): when the recording was submitted; null until then.
    #[ts(type = "number | null")]
    pub updated_at: Option<i64>,
    /// Length of the recording; null until it is complete.
    #[ts(type = "number | null")]
    pub durationMs: Option<i64>,
    #[ts(type = "number")]
    pub noteCount: i64,
    /// Short-lived signed URL of a small JPEG taken a few seconds in; null when there is none.
    pub thumbnailUrl: Option<String>,
    /// The panel's participant id from the invite link (ADR 0017); absent when none was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pid: Option<String>,
    /// While in progress: the task the participant is on (1 = the first), from the step marks its
    /// participation object holds (ADR 0016); absent before the first task and once submitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub currentTask: Option<u32>,
    /// While in progress: who on the team has its live view open now (ADR 0019), by name; absent
    /// when nobody does, and once submitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub watching: Option<Vec<AuthorDto>>,
}

/// One file of a recording: each capture (a resume after a reload or crash starts a new one).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SegmentDto {
    /// Short-lived signed URL of the segment's file.
    pub url: String,
    #[ts(type = "number")]
    pub durationMs: i64,
    /// Short-lived signed URL of the camera's file of this segment; null without a camera.
    pub cameraUrl: Option<String>,
    /// Where the camera file starts on this segment's screen file: camera time = screen time −
    /// cameraOffsetMs (the camera starts recording a moment after the screen). 0 without a camera.
    #[ts(type = "number")]
    pub cameraOffsetMs: i64,
    /// The quality tier the segment was recorded at (issue 48): 0 for product §9's rates (and for
    /// every recording made before tiers), 1 to 3 for the lower rates of a slow uplink.
    #[schemars(range(min = 0, max = lupa_core::recording::MAX_TIER))]
    pub tier: u8,
}

/// `GET /api/v1/analysisEntry/{id}`: short-lived signed URLs to the recording.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct EntryUrlResponse {
    /// The first segment (the whole recording when it was never interrupted).
    pub analysisEntryPresignedUrl: String,
    /// 'Participante N' (see `EntrySummaryDto`).
    pub participantNumber: u32,
    /// Short-lived signed URL of the entry's thumbnail (JPEG), or null.
    pub thumbnailUrl: Option<String>,
    /// Total length of all segments.
    #[ts(type = "number")]
    pub durationMs: i64,
    /// In recording order; play them back to back as one timeline.
    pub segments: Vec<SegmentDto>,
}

/// One chapter of a recording: a step and when it was first entered.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ChapterDto {
    /// 0 = scenario, 1 = URL, 2.. = tasks.
    pub index: u32,
    pub kind: String,
    pub title: String,
    #[ts(type = "number | null")]
    pub startMs: Option<i64>,
    /// Total time spent on the step (all visits).
    #[ts(type = "number")]
    pub spentMs: i64,
}

/// `GET /api/v1/entry/{id}`: the entry page.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct EntryPageResponse {
    /// The first segment's URL (see `segments`).
    pub entryUrl: String,
    /// Every file of the recording in order, to play as one timeline.
    pub segments: Vec<SegmentDto>,
    pub id: String,
    /// 'Participante N' (see `EntrySummaryDto`).
    pub participantNumber: u32,
    /// Short-lived signed URL of the entry's thumbnail (JPEG), or null.
    pub thumbnailUrl: Option<String>,
    pub analysisId: String,
    pub analysisName: String,
    pub mimeType: Option<String>,
    #[ts(type = "number | null")]
    pub durationMs: Option<i64>,
    #[ts(type = "number | null")]
    pub submittedAt: Option<i64>,
    pub steps: Vec<StepMark>,
    pub chapters: Vec<ChapterDto>,
    /// The participant's answers: show each task's at its `atMs` (the task's end).
    pub answers: EntryAnswersDto,
}
