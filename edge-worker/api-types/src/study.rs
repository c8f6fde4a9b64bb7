//! Shapes of panel studies (ADR 0017): the screener, the questions before and after the tasks,
//! the task order and the panel links, as the API takes and gives them. The same JSON as
//! `lupa_core::study`, which validates and stores it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::wire_enums::*;

/// A screener option: 'Aceptar' (`accept: true`) or 'Rechazar'.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ScreenerOptionDto {
    #[schemars(length(max = lupa_core::study::MAX_TEXT), regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub text: String,
    pub accept: bool,
}

/// A screener question: single choice unless `multiple`; 2–10 options.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ScreenerQuestionDto {
    #[schemars(length(max = lupa_core::study::MAX_TEXT), regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub multiple: Option<bool>,
    #[schemars(length(min = 2, max = lupa_core::study::MAX_OPTIONS), transform = crate::request_rules::screener_options)]
    pub options: Vec<ScreenerOptionDto>,
}

/// Up to 5 screener questions; none = no screener.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ScreenerDto {
    #[schemars(length(max = lupa_core::study::MAX_SCREENER_QUESTIONS))]
    pub questions: Vec<ScreenerQuestionDto>,
}

/// A question before or after the tasks.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[schemars(transform = crate::request_rules::study_question)]
pub struct StudyQuestionDto {
    #[schemars(length(max = lupa_core::study::MAX_TEXT), regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub text: String,
    /// 'text', 'single', 'multiple' or 'scale'.
    #[serde(rename = "type")]
    #[schemars(with = "QuestionKind")]
    pub kind: String,
    /// The choices of 'single' and 'multiple' (2–10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(inner(length(max = lupa_core::study::MAX_TEXT)))]
    pub options: Option<Vec<String>>,
    /// The top of a 'scale': 5 or 7.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scale: Option<u8>,
}

/// Up to 10 questions before and 10 after the tasks.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct StudyQuestionsDto {
    #[serde(default)]
    #[schemars(length(max = lupa_core::study::MAX_QUESTIONS))]
    pub pre: Vec<StudyQuestionDto>,
    #[serde(default)]
    #[schemars(length(max = lupa_core::study::MAX_QUESTIONS))]
    pub post: Vec<StudyQuestionDto>,
}

/// The panel's links.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct PanelDto {
    /// The invite link's query parameter with the participant id ('pid' by default; Prolific:
    /// 'PROLIFIC_PID'): 1–64 of letters, digits, '-' and '_'.
    #[schemars(regex(pattern = lupa_core::patterns::ID_PARAMETER))]
    pub pidParam: String,
    /// Where 'Gracias por participar' sends finishers (https; `{pid}` is replaced by the id).
    #[serde(default)]
    #[ts(optional = nullable)]
    #[schemars(length(max = lupa_core::analysis::MAX_URL_LEN), regex(pattern = lupa_core::patterns::HTTPS_ADDRESS_OR_BLANK))]
    pub completionUrl: Option<String>,
    /// Where the screener sends people it rejects (https; `{pid}` as above).
    #[serde(default)]
    #[ts(optional = nullable)]
    #[schemars(length(max = lupa_core::analysis::MAX_URL_LEN), regex(pattern = lupa_core::patterns::HTTPS_ADDRESS_OR_BLANK))]
    pub screenOutUrl: Option<String>,
}

/// A screener question as the participant sees it: no 'Aceptar'/'Rechazar' marks.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ParticipantScreenerQuestion {
    pub text: String,
    pub multiple: bool,
    pub options: Vec<String>,
}

/// `POST /api/v1/analysis/screen`: the screener answers (`answers[i]`: the option indexes chosen
/// for question i) with the participant id.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ScreenRequest {
    #[schemars(with = "String", regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub analysisId: Option<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    #[schemars(regex(pattern = lupa_core::patterns::PARTICIPANT_ID_OR_BLANK))]
    pub pid: Option<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub answers: Option<Vec<Vec<u32>>>,
}

/// The screener's verdict. Rejected: the screen-out URL (built) when the analysis has one.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ScreenResponse {
    pub accepted: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub screenOutUrl: Option<String>,
}

/// One answer: `text` ('text'), `choices` (option indexes: 'single', 'multiple') or `value` ('scale').
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct QuestionAnswerInput {
    #[serde(default)]
    #[ts(optional = nullable)]
    pub text: Option<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub choices: Option<Vec<u32>>,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub value: Option<u32>,
}

/// `PUT /api/v1/analysisEntry/{id}/answers/questions/{phase}`: the answers of one phase ('pre' or
/// 'post'), one per question in order, and when they were sent on the entry's timeline.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct QuestionAnswersRequest {
    pub answers: Option<Vec<QuestionAnswerInput>>,
    #[ts(type = "number | null")]
    #[schemars(with = "i64", range(min = 0, max = lupa_core::insights::MAX_AT_MS))]
    pub atMs: Option<i64>,
}

/// One stored answer, with the wording it was answered under.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct QuestionAnswerDto {
    /// 'pre' or 'post'.
    pub phase: String,
    /// 1 = the phase's first question.
    pub questionNumber: u32,
    pub question: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// How it reads: the text, the option texts joined with '; ', or the scale value.
    pub answer: String,
    /// The option texts chosen ('single', 'multiple').
    pub choices: Vec<String>,
    #[ts(type = "number")]
    pub atMs: i64,
}

/// `PUT …/answers/questions/{phase}`: what was stored.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct QuestionAnswersResponse {
    pub answers: Vec<QuestionAnswerDto>,
}

/// Why people were screened out: a question and option, and how many it sent back.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ScreenOutReasonDto {
    pub question: String,
    pub option: String,
    pub count: u32,
}

/// The screen-outs of an analysis.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ScreenOutsDto {
    pub total: u32,
    pub reasons: Vec<ScreenOutReasonDto>,
}

/// How many chose an option.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct OptionCountDto {
    pub option: String,
    pub count: u32,
}

/// A text answer, with where it was given (its moment in the recording).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct TextAnswerDto {
    pub entryId: String,
    pub participantNumber: u32,
    pub text: String,
    #[ts(type = "number")]
    pub atMs: i64,
}

/// The answers to one question (by its wording) across the submitted entries.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct QuestionSummaryDto {
    pub phase: String,
    pub question: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// Counts per option (choices) or per value (scale), in order.
    pub counts: Vec<OptionCountDto>,
    /// The text answers.
    pub texts: Vec<TextAnswerDto>,
    /// How many participations answered it: the base of each option's share (a multiple-choice
    /// question's counts add up to more).
    #[serde(default)]
    pub respondents: u32,
    /// A scale's mean with its 95% t-interval (null below 3 answers), cut to the scale; absent
    /// for the other kinds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mean: Option<crate::MeanDto>,
}
