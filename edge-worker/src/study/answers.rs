//! Answers to the questions before and after the tasks (ADR 0017). Sent with the capability
//! cookie while the participation is in progress, one phase at a time; sending a phase again (a
//! resumed tab) replaces it. Each answer is stored with the question's wording and type at that
//! moment, so later edits of the questions keep it readable.

use lupa_api_types::{QuestionAnswerDto, QuestionAnswersRequest, QuestionAnswersResponse};
use lupa_core::insights;
use lupa_core::study::{self, AnswerInput};
use serde::Deserialize;
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{json, read_json};
use crate::participation::entries;
use crate::platform::db::{db, failed, int, stmt, text, Batch, Busy, BusyBatch, Results, Slot, Value};
use crate::App;

const STUDY_OF: &str = "SELECT study_json AS value FROM analyses WHERE id = ?1";
const CLEAR: &str = "DELETE FROM question_answers WHERE entry_id = ?1 AND phase = ?2";
const SAVE: &str = "INSERT INTO question_answers (entry_id, phase, question_number, question_text, question_type, answer, at_ms, answered_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
/// Answering is activity: it keeps an idle participation from expiring (ADR 0005).
const TOUCH: &str = "UPDATE analysis_entries SET last_activity_at = ?2 WHERE id = ?1";
const OF_ENTRY: &str =
    "SELECT entry_id, phase, question_number, question_text, question_type, answer, at_ms FROM question_answers \
     WHERE entry_id = ?1 ORDER BY at_ms, phase DESC, question_number";
/// Every answer of the analysis's submitted entries, with the entry's number (for the summary).
const OF_ANALYSIS: &str = "SELECT q.entry_id, q.phase, q.question_number, q.question_text, q.question_type, q.answer, q.at_ms, e.participant_number \
     FROM question_answers q JOIN analysis_entries e ON e.id = q.entry_id WHERE e.analysis_id = ?1 AND e.status = 'submitted' \
     ORDER BY q.phase DESC, q.question_number, e.participant_number";

/// A stored answer.
#[derive(Debug, Clone, Deserialize)]
pub struct AnswerRow {
    pub entry_id: String,
    pub phase: String,
    pub question_number: i64,
    pub question_text: String,
    pub question_type: String,
    answer: String,
    pub at_ms: i64,
    #[serde(default)]
    pub participant_number: Option<i64>,
}

impl AnswerRow {
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(&self.answer).unwrap_or(serde_json::Value::Null)
    }

    pub fn dto(&self) -> QuestionAnswerDto {
        let value = self.value();
        let choices = value
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        QuestionAnswerDto {
            phase: self.phase.clone(),
            questionNumber: self.question_number.clamp(0, i64::from(u32::MAX)) as u32,
            question: self.question_text.clone(),
            kind: self.question_type.clone(),
            answer: study::answer_text(&value),
            choices,
            atMs: self.at_ms,
        }
    }
}

/// `PUT /api/v1/analysisEntry/{id}/answers/questions/{phase} {answers, atMs}`.
pub async fn put(app: &App, req: &mut Request, entry_id: &str, phase: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let body: QuestionAnswersRequest = read_json(req).await?;
    let database = db(app)?;
    let row = stmt(&database, STUDY_OF, &[text(&entry.analysis_id)])?
        .first_busy::<Value<Option<String>>>(None)
        .await
        .map_err(failed(STUDY_OF))?;
    let study = crate::study::parse(row.and_then(|r| r.value).as_deref());
    let questions = study.phase(phase).filter(|q| !q.is_empty()).ok_or_else(|| ApiError::from(Fixed::NoQuestions))?;
    let answers = body.answers.unwrap_or_default();
    if answers.len() != questions.len() {
        // Answers that do not fit this analysis's questions: well-formed, but not for them.
        return Err(ApiError::composed(Composed::AnswersMismatch, study::ANSWERS_INVALID));
    }
    let max_at = app.config.limits.max_duration_ms + lupa_core::clips::END_SLACK_MS;
    let at = insights::validate_at(body.atMs, max_at).map_err(|m| ApiError::composed(Composed::InvalidAnswer, m))?;
    let now = app.now();
    let mut statements = vec![stmt(&database, CLEAR, &[text(&entry.id), text(phase)])?];
    let mut stored = Vec::with_capacity(questions.len());
    for (i, (question, answer)) in questions.iter().zip(&answers).enumerate() {
        let input = AnswerInput { text: answer.text.clone(), choices: answer.choices.clone(), value: answer.value };
        let value =
            study::stored_answer(question, &input).map_err(|m| ApiError::composed(Composed::AnswersMismatch, m))?;
        let row = AnswerRow {
            entry_id: entry.id.clone(),
            phase: phase.to_string(),
            question_number: i as i64 + 1,
            question_text: question.text.clone(),
            question_type: question.kind.clone(),
            answer: value.to_string(),
            at_ms: at,
            participant_number: None,
        };
        statements.push(stmt(
            &database,
            SAVE,
            &[
                text(&row.entry_id),
                text(phase),
                int(row.question_number),
                text(&row.question_text),
                text(&row.question_type),
                text(&row.answer),
                int(at),
                int(now),
            ],
        )?);
        stored.push(row.dto());
    }
    statements.push(stmt(&database, TOUCH, &[text(&entry.id), int(now)])?);
    database.batch_busy(statements).await.map_err(failed(SAVE))?;
    entries::refresh_capability_cookie(json(200, &QuestionAnswersResponse { answers: stored })?, req)
}

/// Adds reading an entry's answers to a batch.
pub fn add_of_entry(batch: &mut Batch<'_>, entry_id: &str) -> ApiResult<Slot> {
    batch.add(OF_ENTRY, &[text(entry_id)])
}

/// The entry's answers a batch read (`add_of_entry`); `None` when there are none.
pub fn of_entry_from(results: &Results, slot: Slot) -> ApiResult<Option<Vec<QuestionAnswerDto>>> {
    let rows = results.all::<AnswerRow>(slot)?;
    Ok((!rows.is_empty()).then(|| rows.iter().map(AnswerRow::dto).collect()))
}

/// Adds reading every answer of an analysis's submitted entries to a batch.
pub fn add_of_analysis(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<Slot> {
    batch.add(OF_ANALYSIS, &[text(analysis_id)])
}

/// The answers a batch read (`add_of_analysis`).
pub fn of_analysis_from(results: &Results, slot: Slot) -> ApiResult<Vec<AnswerRow>> {
    results.all::<AnswerRow>(slot)
}
