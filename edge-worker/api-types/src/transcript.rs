//! Shapes of transcripts (ADR 0018): an analysis's setting, a recording's transcript, and the
//! search across an analysis. Times named `…_ms` are on the recording's timeline (segments
//! concatenated: the one the player and notes use).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The language Whisper is told the participants speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "lowercase")]
pub enum TranscriptLanguage {
    #[default]
    Es,
    En,
}

/// `transcription` of an analysis: 'Transcribir grabaciones' and its language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TranscriptionDto {
    pub enabled: bool,
    pub language: TranscriptLanguage,
    /// 'Resúmenes con IA' (ADR 0021): on by default; only transcribed recordings are summarised.
    pub summaries: bool,
}

/// `transcription` in a create/edit payload: missing on create = on, in Spanish; missing on edit
/// (or a part of it missing) = unchanged. A language other than 'es' or 'en' is a 422.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TranscriptionInput {
    #[serde(default)]
    #[ts(optional)]
    pub enabled: Option<bool>,
    #[serde(default)]
    #[ts(optional, as = "Option<TranscriptLanguage>")]
    #[schemars(with = "Option<TranscriptLanguage>")]
    pub language: Option<String>,
    /// 'Resúmenes con IA' (ADR 0021): missing on create = on; missing on edit = unchanged.
    #[serde(default)]
    #[ts(optional)]
    pub summaries: Option<bool>,
}

/// Where a recording's transcript stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "lowercase")]
pub enum TranscriptStatus {
    /// This server has no speech-to-text provider (`TRANSCRIBE=off`).
    Unavailable,
    /// The analysis has transcription off.
    Disabled,
    /// Nothing transcribed yet.
    Pending,
    /// Some windows are done.
    Partial,
    /// Every window of a finished participation is done.
    Complete,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TranscriptWordDto {
    #[ts(type = "number")]
    pub start_ms: i64,
    #[ts(type = "number")]
    pub end_ms: i64,
    pub word: String,
}

/// One line (a Whisper segment), in the task the participant was doing when it started.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TranscriptLineDto {
    #[ts(type = "number")]
    pub start_ms: i64,
    #[ts(type = "number")]
    pub end_ms: i64,
    pub text: String,
    /// 1 = the first task; null before the first task.
    pub task_number: Option<u32>,
    pub words: Vec<TranscriptWordDto>,
}

/// `GET /api/v1/entry/{id}/transcript`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TranscriptResponse {
    pub status: TranscriptStatus,
    pub language: TranscriptLanguage,
    pub lines: Vec<TranscriptLineDto>,
}

/// One match of `GET /api/v1/analysis/{id}/transcript-search`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TranscriptSearchResultDto {
    pub entry_id: String,
    /// 'Participante N', as the participations table shows the person.
    pub participant: String,
    pub task_number: Option<u32>,
    #[ts(type = "number")]
    pub start_ms: i64,
    pub before: String,
    /// The matched words as the transcript writes them.
    #[serde(rename = "match")]
    pub matched: String,
    pub after: String,
}

/// `GET /api/v1/analysis/{id}/transcript-search?q=`: at most 50 matches, in participation and
/// time order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TranscriptSearchResponse {
    pub results: Vec<TranscriptSearchResultDto>,
}
