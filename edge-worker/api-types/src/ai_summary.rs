//! A participation's AI summary (issue 47, ADR 0021): findings per task, each standing on quotes
//! the server found in the transcript at their time (the evidence check). Times are on the
//! recording's timeline, as the transcript's and the notes' are.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where a participation's summary stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "lowercase")]
pub enum SummaryStatus {
    /// This server has no text-generation provider (`SUMMARIZE=off`).
    Unavailable,
    /// The analysis transcribes nothing, or has 'Resúmenes con IA' off.
    Disabled,
    /// Waiting for the transcript, or being made.
    Pending,
    Complete,
    /// The model did not answer after its tries; 'Regenerar' tries again.
    Failed,
}

/// A quote the server found in the transcript, at its time (±2 s).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SummaryQuoteDto {
    #[ts(type = "number")]
    pub startMs: i64,
    #[ts(type = "number")]
    pub endMs: i64,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct SummaryFindingDto {
    pub text: String,
    /// 1 to 3, every one verified.
    pub quotes: Vec<SummaryQuoteDto>,
}

/// A task's findings (1 to 4); a task with none is left out.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SummaryTaskDto {
    /// 1 = the first task.
    pub taskNumber: u32,
    pub findings: Vec<SummaryFindingDto>,
}

/// `GET /api/v1/entry/{id}/summary` (and the answer of `POST`, which starts a new one).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct EntrySummaryResponse {
    pub status: SummaryStatus,
    pub tasks: Vec<SummaryTaskDto>,
    /// Findings the model proposed and the evidence check dropped ('N hallazgos descartados: sin
    /// cita verificable').
    pub droppedFindings: u32,
    /// The model and prompt version that made it, and when (null until one is complete).
    pub model: Option<String>,
    pub promptVersion: Option<u32>,
    #[ts(type = "number | null")]
    pub createdAt: Option<i64>,
}

/// Where an analysis's themes stand ('Temas', issue 47).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "lowercase")]
pub enum ThemesStatus {
    /// This server has no text-generation provider (`SUMMARIZE=off`).
    Unavailable,
    /// The analysis transcribes nothing, or has 'Resúmenes con IA' off.
    Disabled,
    /// Fewer than two participations have a complete summary: a theme needs quotes from two.
    Waiting,
    /// Enough summaries, and no themes made from them yet (one was deleted since, say):
    /// 'Regenerar' makes them.
    None,
    /// Being made: after a new summary (a minute's debounce) or 'Regenerar'.
    Pending,
    Complete,
    /// The model did not answer after its tries; 'Regenerar' tries again.
    Failed,
}

/// A quote of a theme: one a participation's summary verified in its transcript, with who said
/// it and where.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ThemeQuoteDto {
    pub entryId: String,
    /// 'Participante N', as the participations table shows the person.
    pub participant: String,
    /// The task it was said in (1 = the first), when the summary placed it in one.
    pub taskNumber: Option<u32>,
    #[ts(type = "number")]
    pub startMs: i64,
    #[ts(type = "number")]
    pub endMs: i64,
    pub text: String,
}

/// One theme across participations.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ThemeDto {
    pub title: String,
    /// One or two sentences the model wrote about it (not checked: a summary, shown beside its
    /// quotes).
    pub text: String,
    /// How many participations its verified quotes come from (at least 2): '4 de 6
    /// participantes'.
    pub participations: u32,
    /// 2 to 8, from at least two participations, in participation and time order.
    pub quotes: Vec<ThemeQuoteDto>,
}

/// `GET /api/v1/analysis/{id}/themes` (and the answer of `POST`, which starts new ones).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AnalysisThemesResponse {
    pub status: ThemesStatus,
    pub themes: Vec<ThemeDto>,
    /// Participations with a complete summary now: the '6' of '4 de 6 participantes'.
    pub summarised: u32,
    /// Themes the model proposed and the server dropped: quotes it could not match to a verified
    /// one, or from fewer than two participations ('N temas descartados: sin citas de dos
    /// participantes').
    pub droppedThemes: u32,
    /// The model and prompt version that made them, and when (null until made).
    pub model: Option<String>,
    pub promptVersion: Option<u32>,
    #[ts(type = "number | null")]
    pub createdAt: Option<i64>,
}
