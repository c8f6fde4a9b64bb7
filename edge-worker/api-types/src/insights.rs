//! Shapes of the insights API (ADR 0012): task answers and SUS, the summary's figures, and the
//! analysis-wide list of clips and tags; highlight reels and share links have their own modules
//! (`reels`, `shares`). Times are ms on an entry's timeline (segments played back to back) unless
//! a name says otherwise. ts-rs writes one file per type whatever its module, so the split leaves
//! the web's imports as they were.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

use crate::wire_enums::TaskSuccess;
use crate::{NoteDto, QuestionAnswerDto};

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
