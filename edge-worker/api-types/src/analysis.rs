//! Analyses (product §3): what the dashboard lists and the create/edit form sends
//! (`/api/v1/analysis`); the panel-study options they carry live in `study`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::transcript;
use crate::wire_enums::TaskOrder;
use crate::{EntrySummaryDto, PanelDto, ScreenerDto, StudyQuestionsDto};

/// One task of an analysis (product §3 Task); `taskType` is always 'text'.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct TaskDto {
    pub id: String,
    pub taskType: String,
    pub taskContent: String,
}

/// `_count` of an analysis: submitted entries.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AnalysisCount {
    #[ts(type = "number")]
    pub AnalysisEntries: i64,
}

/// Whether an analysis records the participant's camera (ADR 0008): not at all, when the
/// participant allows it, or as a condition for taking part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "lowercase")]
pub enum Camera {
    #[default]
    Off,
    Optional,
    Required,
}

impl Camera {
    pub fn as_str(self) -> &'static str {
        match self {
            Camera::Off => "off",
            Camera::Optional => "optional",
            Camera::Required => "required",
        }
    }

    /// The stored value; anything unknown reads as off.
    pub fn parse(value: &str) -> Option<Camera> {
        match value {
            "off" => Some(Camera::Off),
            "optional" => Some(Camera::Optional),
            "required" => Some(Camera::Required),
            _ => None,
        }
    }
}

/// An analysis (product §3), as listed on the dashboard and returned after create/edit.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct AnalysisDto {
    pub id: String,
    pub name: String,
    pub url: String,
    pub device: String,
    pub scenario: Option<String>,
    #[ts(type = "number")]
    pub max_number_of_participants: i64,
    pub status: String,
    #[ts(type = "number")]
    pub created_at: i64,
    #[ts(type = "number")]
    pub updated_at: i64,
    pub tasks: Vec<TaskDto>,
    pub camera: Camera,
    /// 'Transcribir grabaciones' and its language (ADR 0018).
    pub transcription: transcript::TranscriptionDto,
    #[serde(rename = "_count")]
    pub count: AnalysisCount,
    /// Ask SEQ and success after each task (ADR 0012).
    #[serde(rename = "taskQuestions")]
    pub task_questions: bool,
    /// The SUS questionnaire before Finish.
    pub sus: bool,
    /// Panel-study options (ADR 0017); all four are present when any was set, absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub screener: Option<ScreenerDto>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questions: Option<StudyQuestionsDto>,
    /// 'fixed' or 'random'.
    #[serde(rename = "taskOrder", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub task_order: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub panel: Option<PanelDto>,
    /// Entries; filled in the detail answer only.
    #[serde(rename = "AnalysisEntries", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub entries: Option<Vec<EntrySummaryDto>>,
}

/// `GET /api/v1/analysis`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct AnalysisListResponse {
    pub analyses: Vec<AnalysisDto>,
}

/// `{analysisData}`: one analysis.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AnalysisResponse {
    pub analysisData: AnalysisDto,
}

/// A task as sent by the create/edit form.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct TaskInput {
    pub taskType: Option<String>,
    #[schemars(length(max = lupa_core::analysis::MAX_TASK_LEN))]
    pub taskContent: Option<String>,
}

/// `POST /api/v1/analysis` and `PATCH /api/v1/analysis/{id}` (edit sends every field again).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(example = crate::examples::analysis())]
pub struct AnalysisRequest {
    #[schemars(with = "String", length(max = lupa_core::analysis::MAX_NAME), regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub name: Option<String>,
    #[schemars(with = "String", length(max = lupa_core::analysis::MAX_URL_LEN), regex(pattern = lupa_core::patterns::WEB_ADDRESS))]
    pub url: Option<String>,
    #[ts(type = "number | null")]
    #[schemars(with = "i64", range(min = 1, max = lupa_core::analysis::MAX_PARTICIPANTS))]
    pub maxNumberOfParticipants: Option<i64>,
    #[schemars(length(max = lupa_core::analysis::MAX_SCENARIO_LEN))]
    pub scenario: Option<String>,
    #[schemars(with = "Vec<TaskInput>", length(max = lupa_core::analysis::MAX_TASKS), transform = crate::request_rules::analysis_tasks)]
    pub tasks: Option<Vec<TaskInput>>,
    pub device: Option<String>,
    /// Missing: false on create, unchanged on edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub taskQuestions: Option<bool>,
    /// Missing: false on create, unchanged on edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sus: Option<bool>,
    /// 'off' when missing on create, unchanged when missing on edit; another value is a 400.
    #[serde(default)]
    #[ts(optional = nullable, as = "Option<Camera>")]
    #[schemars(with = "Option<Camera>")]
    pub camera: Option<String>,
    /// ADR 0017, each optional: missing = none on create, unchanged on edit.
    #[serde(default)]
    #[ts(optional)]
    pub screener: Option<ScreenerDto>,
    #[serde(default)]
    #[ts(optional)]
    pub questions: Option<StudyQuestionsDto>,
    /// 'fixed' (default) or 'random'.
    #[serde(default)]
    #[ts(optional)]
    #[schemars(with = "Option<TaskOrder>")]
    pub taskOrder: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub panel: Option<PanelDto>,
    /// ADR 0018: missing = on, in Spanish, on create; unchanged on edit.
    #[serde(default)]
    #[ts(optional)]
    pub transcription: Option<transcript::TranscriptionInput>,
}
