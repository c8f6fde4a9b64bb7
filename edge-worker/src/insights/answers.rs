//! The participant's answers (ADR 0012): SEQ and success after each task, the SUS before
//! Finish. Sent with the participation's capability cookie while it is in progress; sending an
//! answer again (a resumed tab) replaces it, so re-sends are harmless. Researchers read them with
//! the entry; they are deleted with it.

use lupa_api_types::{EntryAnswersDto, SusAnswerDto, SusAnswerRequest, TaskAnswerDto, TaskAnswerRequest};
use lupa_core::clips::END_SLACK_MS;
use lupa_core::insights::{self, Success, TaskAnswerInput};
use lupa_core::sus;
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{json, read_json};
use crate::participation::entries;
use crate::platform::db::{db, failed, int, stmt, text, Batch, Busy, BusyBatch, Results, Slot};
use crate::App;

const SETTINGS: &str =
    "SELECT a.task_questions, a.sus, (SELECT COUNT(*) FROM analysis_tasks t WHERE t.analysis_id = a.id) AS task_count \
     FROM analyses a WHERE a.id = ?1";
const SAVE_TASK: &str = "INSERT INTO task_answers (entry_id, task_index, seq, success, at_ms, answered_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
     ON CONFLICT (entry_id, task_index) DO UPDATE SET seq = excluded.seq, success = excluded.success, at_ms = excluded.at_ms, answered_at = excluded.answered_at";
const SAVE_SUS: &str = "INSERT INTO sus_answers (entry_id, answers, at_ms, answered_at) VALUES (?1, ?2, ?3, ?4) \
     ON CONFLICT (entry_id) DO UPDATE SET answers = excluded.answers, at_ms = excluded.at_ms, answered_at = excluded.answered_at";
/// Answering is activity: it keeps an idle participation from expiring (ADR 0005).
const TOUCH: &str = "UPDATE analysis_entries SET last_activity_at = ?2 WHERE id = ?1";
const TASKS_OF: &str =
    "SELECT entry_id, task_index, seq, success, at_ms FROM task_answers WHERE entry_id = ?1 ORDER BY task_index";
const SUS_OF: &str = "SELECT entry_id, answers, at_ms FROM sus_answers WHERE entry_id = ?1";
const TASKS_OF_ANALYSIS: &str = "SELECT t.entry_id, t.task_index, t.seq, t.success, t.at_ms FROM task_answers t \
     JOIN analysis_entries e ON e.id = t.entry_id WHERE e.analysis_id = ?1 AND e.status = 'submitted' ORDER BY t.entry_id, t.task_index";
const SUS_OF_ANALYSIS: &str = "SELECT s.entry_id, s.answers, s.at_ms FROM sus_answers s \
     JOIN analysis_entries e ON e.id = s.entry_id WHERE e.analysis_id = ?1 AND e.status = 'submitted'";

#[derive(Deserialize)]
struct Settings {
    task_questions: i64,
    sus: i64,
    task_count: i64,
}

/// A stored task answer.
#[derive(Debug, Clone, Deserialize)]
pub struct TaskAnswerRow {
    pub entry_id: String,
    pub task_index: i64,
    pub seq: i64,
    pub success: String,
    pub at_ms: i64,
}

impl TaskAnswerRow {
    pub fn dto(&self) -> TaskAnswerDto {
        TaskAnswerDto {
            taskNumber: self.task_index.max(0) as u32 + 1,
            seq: self.seq.clamp(0, 7) as u8,
            success: self.success.clone(),
            atMs: self.at_ms,
        }
    }

    pub fn success(&self) -> Option<Success> {
        Success::parse(&self.success)
    }
}

/// Stored SUS answers.
#[derive(Debug, Clone, Deserialize)]
pub struct SusRow {
    pub entry_id: String,
    answers: String,
    at_ms: i64,
}

impl SusRow {
    /// The answers and score; `None` if the stored JSON is not ten answers 1–5 (it always is).
    pub fn dto(&self) -> Option<SusAnswerDto> {
        let raw: Vec<i64> = serde_json::from_str(&self.answers).ok()?;
        let answers = sus::parse_answers(&raw).ok()?;
        Some(SusAnswerDto { answers: answers.to_vec(), score: sus::score(&answers), atMs: self.at_ms })
    }
}

async fn settings(database: &D1Database, analysis_id: &str) -> ApiResult<Settings> {
    stmt(database, SETTINGS, &[text(analysis_id)])?
        .first_busy::<Settings>(None)
        .await
        .map_err(failed(SETTINGS))?
        .ok_or_else(ApiError::not_found)
}

fn max_at(app: &App) -> i64 {
    app.config.limits.max_duration_ms + END_SLACK_MS
}

/// `PUT /api/v1/analysisEntry/{id}/answers/tasks/{taskNumber} {seq, success, atMs}`.
pub async fn put_task(app: &App, req: &mut Request, entry_id: &str, task_number: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let body: TaskAnswerRequest = read_json(req).await?;
    let database = db(app)?;
    let settings = settings(&database, &entry.analysis_id).await?;
    if settings.task_questions == 0 {
        return Err(ApiError::from(Fixed::QuestionsOff));
    }
    let input = TaskAnswerInput { task_number, seq: body.seq, success: body.success.as_deref(), at_ms: body.atMs };
    // A task this analysis does not have is not found; the answers' own rules are the document's.
    let valid =
        insights::validate_task_answer(input, settings.task_count.max(0) as usize, max_at(app)).map_err(|m| {
            if m == insights::NO_SUCH_TASK {
                ApiError::from(Fixed::NoSuchTask)
            } else {
                ApiError::composed(Composed::InvalidAnswer, m)
            }
        })?;
    let now = app.now();
    database
        .batch_busy(vec![
            stmt(
                &database,
                SAVE_TASK,
                &[
                    text(&entry.id),
                    int(i64::from(valid.task_index)),
                    int(i64::from(valid.seq)),
                    text(valid.success.as_str()),
                    int(valid.at_ms),
                    int(now),
                ],
            )?,
            stmt(&database, TOUCH, &[text(&entry.id), int(now)])?,
        ])
        .await
        .map_err(failed(SAVE_TASK))?;
    let dto = TaskAnswerDto {
        taskNumber: valid.task_index + 1,
        seq: valid.seq,
        success: valid.success.as_str().into(),
        atMs: valid.at_ms,
    };
    crate::ledger::tell_viewers(
        app,
        &entry.id,
        lupa_api_types::LiveEvent::Answer { task: Some(dto.clone()), sus: None },
    );
    entries::refresh_capability_cookie(json(200, &dto)?, req)
}

/// `PUT /api/v1/analysisEntry/{id}/answers/sus {answers, atMs}`.
pub async fn put_sus(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let body: SusAnswerRequest = read_json(req).await?;
    let database = db(app)?;
    if settings(&database, &entry.analysis_id).await?.sus == 0 {
        return Err(ApiError::from(Fixed::SusOff));
    }
    let answers = sus::parse_answers(body.answers.as_deref().unwrap_or_default())
        .map_err(|m| ApiError::composed(Composed::InvalidSus, m))?;
    let at =
        insights::validate_at(body.atMs, max_at(app)).map_err(|m| ApiError::composed(Composed::InvalidAnswer, m))?;
    let stored = serde_json::to_string(&answers.to_vec()).map_err(ApiError::internal)?;
    let now = app.now();
    database
        .batch_busy(vec![
            stmt(&database, SAVE_SUS, &[text(&entry.id), text(&stored), int(at), int(now)])?,
            stmt(&database, TOUCH, &[text(&entry.id), int(now)])?,
        ])
        .await
        .map_err(failed(SAVE_SUS))?;
    let dto = SusAnswerDto { answers: answers.to_vec(), score: sus::score(&answers), atMs: at };
    crate::ledger::tell_viewers(
        app,
        &entry.id,
        lupa_api_types::LiveEvent::Answer { task: None, sus: Some(dto.clone()) },
    );
    entries::refresh_capability_cookie(json(200, &dto)?, req)
}

/// Where a batch put an entry's answers (`add_of_entry`).
#[derive(Clone, Copy)]
pub struct EntryAnswerSlots {
    tasks: Slot,
    sus: Slot,
    questions: Slot,
}

/// Adds reading an entry's answers to a batch, so they come with the rest of a request's reads.
pub fn add_of_entry(batch: &mut Batch<'_>, entry_id: &str) -> ApiResult<EntryAnswerSlots> {
    Ok(EntryAnswerSlots {
        tasks: batch.add(TASKS_OF, &[text(entry_id)])?,
        sus: batch.add(SUS_OF, &[text(entry_id)])?,
        questions: crate::study::answers::add_of_entry(batch, entry_id)?,
    })
}

/// The entry's answers a batch read with `add_of_entry`.
pub fn of_entry_from(results: &Results, slots: EntryAnswerSlots) -> ApiResult<EntryAnswersDto> {
    let tasks = results.all::<TaskAnswerRow>(slots.tasks)?;
    let sus = results.first::<SusRow>(slots.sus)?;
    Ok(EntryAnswersDto {
        tasks: tasks.iter().map(TaskAnswerRow::dto).collect(),
        sus: sus.and_then(|s| s.dto()),
        questions: crate::study::answers::of_entry_from(results, slots.questions)?,
    })
}

/// Adds reading every answer of the analysis's submitted entries to a batch (for
/// `of_analysis_from`).
pub fn add_of_analysis(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<(Slot, Slot)> {
    Ok((batch.add(TASKS_OF_ANALYSIS, &[text(analysis_id)])?, batch.add(SUS_OF_ANALYSIS, &[text(analysis_id)])?))
}

/// The answers a batch read with `add_of_analysis`.
pub fn of_analysis_from(results: &Results, (tasks, sus): (Slot, Slot)) -> ApiResult<(Vec<TaskAnswerRow>, Vec<SusRow>)> {
    Ok((results.all::<TaskAnswerRow>(tasks)?, results.all::<SusRow>(sus)?))
}
