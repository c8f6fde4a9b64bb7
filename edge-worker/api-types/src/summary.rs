//! The analysis summary (`/api/v1/analysis/{id}/summary`): each task's figures and one row per
//! submitted entry; the statistics' own shapes live in `insights`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{
    InsightSettingsDto, MeanDto, OverallSummaryDto, ProportionDto, QuestionSummaryDto, ScreenOutsDto, SusSummaryDto,
    TimeDto,
};

/// One task's figures across submitted entries. `medianMs`, `minMs`, `maxMs` and `entries` are
/// the time on task of every entry that reached it (as before ADR 0012).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct TaskSummaryDto {
    pub taskNumber: u32,
    pub taskContent: String,
    #[ts(type = "number | null")]
    pub medianMs: Option<i64>,
    #[ts(type = "number | null")]
    pub minMs: Option<i64>,
    #[ts(type = "number | null")]
    pub maxMs: Option<i64>,
    #[ts(type = "number")]
    pub entries: i64,
    /// Success rate from the participants' answers.
    pub success: ProportionDto,
    /// Single Ease Question, 1–7.
    pub seq: MeanDto,
    /// Time on task of attempts reported as successful.
    pub timeSuccessful: TimeDto,
    /// Time on task of every entry that reached the task.
    pub timeAll: TimeDto,
}

/// One submitted entry in the summary.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct EntrySummaryRowDto {
    pub id: String,
    /// 'Participante N' (see `EntrySummaryDto`).
    pub participantNumber: u32,
    #[ts(type = "number | null")]
    pub submittedAt: Option<i64>,
    #[ts(type = "number | null")]
    pub durationMs: Option<i64>,
    #[ts(type = "number")]
    pub noteCount: i64,
    /// The entry's SUS score (0–100), if answered.
    pub susScore: Option<f64>,
    /// The panel's participant id (ADR 0017).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pid: Option<String>,
    /// The order the tasks were shown in (original numbers), when random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub taskOrder: Option<Vec<u32>>,
}

/// `GET /api/v1/analysis/{id}/summary`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AnalysisSummaryResponse {
    pub settings: InsightSettingsDto,
    pub tasks: Vec<TaskSummaryDto>,
    /// Every task together (the tiles).
    pub overall: OverallSummaryDto,
    pub sus: SusSummaryDto,
    pub entries: Vec<EntrySummaryRowDto>,
    /// People the screener sent back (ADR 0017); absent when the analysis has no screener.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub screenOuts: Option<ScreenOutsDto>,
    /// The answers to the questions before and after the tasks; absent when there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questions: Option<Vec<QuestionSummaryDto>>,
}
