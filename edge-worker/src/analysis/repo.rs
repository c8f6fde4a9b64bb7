//! D1 statements for analyses and their tasks; every read is scoped to a workspace (ADR 0019). Reads go into the
//! caller's batch (`add_find`, `add_detail`), so a request reads an analysis with its tasks and
//! entries, and what it writes, in one round trip (ADR 0011).
//!
//! Size: over 400 lines since the formatter wrapped its SQL; it also builds DTOs and calls objects (the analysis ↔ repo ↔ transcripts cycle of issue 46), which is what leaves it next.

use lupa_api_types::{AnalysisCount, AnalysisDto, Camera, EntryStatus, EntrySummaryDto, TaskDto};
use lupa_core::analysis::ValidAnalysis;
use lupa_core::participation::researcher_status;
use lupa_core::study::Study;
use lupa_core::transcript::{Language, Setting};
use serde::Deserialize;
use wasm_bindgen::JsValue;
use worker::D1Database;

use crate::error::ApiResult;
use crate::participation::purge::{self, Scope};
use crate::platform::db::{failed, int, new_id, opt_text, stmt, text, Batch, Busy, Results, Slot};
use crate::thumbnails;
use crate::App;

#[derive(Debug, Deserialize)]
pub struct AnalysisRow {
    pub id: String,
    /// The workspace that owns it (ADR 0019); `owner_id` in the table is its author.
    pub workspace_id: String,
    pub name: String,
    pub url: String,
    pub device: String,
    pub scenario: Option<String>,
    pub max_participants: i64,
    pub status: String,
    pub camera: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub submitted: i64,
    pub task_questions: i64,
    pub sus: i64,
    /// ADR 0017's options as JSON; `None` for an analysis that never set them.
    #[serde(default)]
    pub study_json: Option<String>,
    /// ADR 0018: 1 = transcribe the recordings (the default), in `transcription_language`.
    pub transcription_enabled: i64,
    pub transcription_language: String,
    /// ADR 0021: 1 = 'Resúmenes con IA' (the default).
    pub summaries_enabled: i64,
}

/// The question settings of an analysis (ADR 0012); `None` keeps the stored value on edit.
#[derive(Debug, Clone, Copy, Default)]
pub struct QuestionSettings {
    pub task_questions: Option<bool>,
    pub sus: Option<bool>,
}

fn opt_flag(value: Option<bool>) -> JsValue {
    value.map_or(JsValue::NULL, |v| int(i64::from(v)))
}

#[derive(Debug, Deserialize)]
struct TaskRow {
    id: String,
    analysis_id: String,
    task_type: String,
    content: String,
}

#[derive(Debug, Deserialize)]
struct EntryRow {
    id: String,
    status: String,
    participant_number: Option<i64>,
    created_at: i64,
    submitted_at: Option<i64>,
    last_activity_at: Option<i64>,
    duration_ms: Option<i64>,
    recorded_ms: Option<i64>,
    thumbnail_at: Option<i64>,
    note_count: i64,
    #[serde(default)]
    pid: Option<String>,
}

const LIST: &str = "SELECT a.id, a.workspace_id, a.name, a.url, a.device, a.scenario, a.max_participants, a.status, a.camera, a.created_at, a.updated_at, \
     a.task_questions, a.sus, a.study_json, a.transcription_enabled, a.transcription_language, a.summaries_enabled, (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = a.id AND e.status = 'submitted') AS submitted \
     FROM analyses a WHERE a.workspace_id = ?1 ORDER BY a.created_at DESC, a.id DESC";
const ONE: &str = "SELECT a.id, a.workspace_id, a.name, a.url, a.device, a.scenario, a.max_participants, a.status, a.camera, a.created_at, a.updated_at, \
     a.task_questions, a.sus, a.study_json, a.transcription_enabled, a.transcription_language, a.summaries_enabled, (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = a.id AND e.status = 'submitted') AS submitted \
     FROM analyses a WHERE a.id = ?1";
const TASKS_OF_WORKSPACE: &str = "SELECT t.id, t.analysis_id, t.task_type, t.content FROM analysis_tasks t \
     JOIN analyses a ON a.id = t.analysis_id WHERE a.workspace_id = ?1 ORDER BY t.analysis_id, t.position";
const TASKS_OF_ONE: &str =
    "SELECT id, analysis_id, task_type, content FROM analysis_tasks WHERE analysis_id = ?1 ORDER BY position";
/// The participations table (ADR 0008), newest first. The duration is the closed recording's, or
/// what the screen recorded so far while unsubmitted.
const ENTRIES_OF_ONE: &str = "SELECT e.id, e.status, e.participant_number, e.created_at, e.submitted_at, e.last_activity_at, e.duration_ms, \
     e.thumbnail_at, e.pid, (SELECT SUM(s.duration_ms) FROM entry_segments s WHERE s.entry_id = e.id AND s.track = 'screen') AS recorded_ms, \
     (SELECT COUNT(*) FROM entry_notes n WHERE n.entry_id = e.id) AS note_count \
     FROM analysis_entries e WHERE e.analysis_id = ?1 AND e.status != 'abandoned' ORDER BY e.created_at DESC, e.participant_number DESC";
const INSERT: &str = "INSERT INTO analyses (id, owner_id, name, url, device, scenario, max_participants, status, camera, created_at, updated_at, task_questions, sus, study_json, \
     transcription_enabled, transcription_language, summaries_enabled, workspace_id) VALUES (?1, ?2, ?3, ?4, 'computer', ?5, ?6, 'published', ?8, ?7, ?7, COALESCE(?9, 0), COALESCE(?10, 0), ?11, ?12, ?13, ?14, ?15)";
const INSERT_TASK: &str =
    "INSERT INTO analysis_tasks (id, analysis_id, position, task_type, content) VALUES (?1, ?2, ?3, 'text', ?4)";
const DELETE_TASKS: &str = "DELETE FROM analysis_tasks WHERE analysis_id = ?1";
/// A missing camera setting (`?8` NULL) or question setting (`?9`, `?10`) keeps the current one;
/// `?11` is the study as merged and validated (NULL while it is the default, ADR 0017); `?12`,
/// `?13` the transcription setting as merged (ADR 0018), `?14` 'Resúmenes con IA' (ADR 0021).
const UPDATE: &str = "UPDATE analyses SET name = ?2, url = ?3, scenario = ?4, max_participants = ?5, status = ?6, updated_at = ?7, \
     camera = COALESCE(?8, camera), task_questions = COALESCE(?9, task_questions), sus = COALESCE(?10, sus), study_json = ?11, \
     transcription_enabled = ?12, transcription_language = ?13, summaries_enabled = ?14 WHERE id = ?1";
const SET_STATUS: &str = "UPDATE analyses SET status = ?2, updated_at = ?3 WHERE id = ?1";
const DELETE_ENTRIES: &str = "DELETE FROM analysis_entries WHERE analysis_id = ?1";
const DELETE: &str = "DELETE FROM analyses WHERE id = ?1";

impl AnalysisRow {
    /// The stored study (the default when none was set or it does not parse).
    pub fn study(&self) -> Study {
        crate::study::parse(self.study_json.as_deref())
    }

    /// The stored transcription setting (ADR 0018).
    pub fn transcription(&self) -> Setting {
        Setting {
            enabled: self.transcription_enabled != 0,
            language: Language::parse(&self.transcription_language).unwrap_or_default(),
            summaries: self.summaries_enabled != 0,
        }
    }

    fn dto(self, tasks: Vec<TaskDto>) -> AnalysisDto {
        let study = self.study_json.as_ref().map(|_| crate::study::dto(&self.study()));
        let transcription = crate::transcripts::setting_dto(self.transcription());
        let (screener, questions, task_order, panel) = match study {
            Some(s) => (Some(s.0), Some(s.1), Some(s.2), Some(s.3)),
            None => (None, None, None, None),
        };
        AnalysisDto {
            screener,
            questions,
            task_order,
            panel,
            id: self.id,
            name: self.name,
            url: self.url,
            device: self.device,
            scenario: self.scenario,
            max_number_of_participants: self.max_participants,
            status: self.status,
            created_at: self.created_at,
            updated_at: self.updated_at,
            tasks,
            camera: Camera::parse(lupa_core::camera::stored(&self.camera)).unwrap_or_default(),
            transcription,
            count: AnalysisCount { AnalysisEntries: self.submitted },
            task_questions: self.task_questions != 0,
            sus: self.sus != 0,
            entries: None,
        }
    }
}

fn task_dto(row: TaskRow) -> TaskDto {
    TaskDto { id: row.id, taskType: row.task_type, taskContent: row.content }
}

/// The owner's analyses, newest first, with tasks and submitted counts (one batch).
pub async fn list(database: &D1Database, workspace_id: &str) -> ApiResult<Vec<AnalysisDto>> {
    let mut batch = Batch::new(database);
    let analyses = batch.add(LIST, &[text(workspace_id)])?;
    let tasks = batch.add(TASKS_OF_WORKSPACE, &[text(workspace_id)])?;
    let results = batch.run().await?;
    let rows = results.all::<AnalysisRow>(analyses)?;
    let mut tasks = results.all::<TaskRow>(tasks)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let mine: Vec<TaskDto> = tasks.extract_if(.., |t| t.analysis_id == row.id).map(task_dto).collect();
            row.dto(mine)
        })
        .collect())
}

/// One analysis row, whoever owns it (callers check ownership).
pub async fn find(database: &D1Database, id: &str) -> ApiResult<Option<AnalysisRow>> {
    stmt(database, ONE, &[text(id)])?.first_busy::<AnalysisRow>(None).await.map_err(failed(ONE))
}

/// The full analysis from its row and the tasks a batch read with `add_tasks_of`.
pub fn detail_from(row: AnalysisRow, results: &Results, tasks: Slot) -> ApiResult<AnalysisDto> {
    let tasks = results.all::<TaskRow>(tasks)?;
    Ok(row.dto(tasks.into_iter().map(task_dto).collect()))
}

/// Adds reading the analysis's tasks to a batch (for `task_contents_of`).
pub fn add_tasks_of(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<Slot> {
    batch.add(TASKS_OF_ONE, &[text(analysis_id)])
}

/// The task texts, in order, that a batch read with `add_tasks_of`.
pub fn task_contents_of(results: &Results, tasks: Slot) -> ApiResult<Vec<String>> {
    Ok(results.all::<TaskRow>(tasks)?.into_iter().map(|t| t.content).collect())
}

fn entry_status(row: &EntryRow, now: i64) -> EntryStatus {
    match researcher_status(&row.status, row.last_activity_at, row.created_at, now) {
        "submitted" => EntryStatus::Submitted,
        "interrupted" => EntryStatus::Interrupted,
        _ => EntryStatus::InProgress,
    }
}

/// The participations table (`AnalysisEntries`, newest first), thumbnails as short-lived signed
/// URLs.
fn entry_summaries(app: &App, entries: Vec<EntryRow>) -> ApiResult<Vec<EntrySummaryDto>> {
    let now = app.now();
    entries
        .into_iter()
        .map(|e| {
            Ok(EntrySummaryDto {
                status: entry_status(&e, now),
                participantNumber: e.participant_number.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32,
                createdAt: e.created_at,
                updated_at: e.submitted_at,
                durationMs: e.duration_ms.or(e.recorded_ms).filter(|ms| *ms > 0),
                noteCount: e.note_count,
                thumbnailUrl: thumbnails::url(app, &e.id, e.thumbnail_at)?,
                pid: e.pid,
                currentTask: None,
                watching: None,
                id: e.id,
            })
        })
        .collect()
}

/// Adds reading one analysis row (whoever owns it) to a batch.
pub fn add_find(batch: &mut Batch<'_>, id: &str) -> ApiResult<Slot> {
    batch.add(ONE, &[text(id)])
}

/// Where a batch put an analysis with its tasks and (optionally) its entries.
#[derive(Clone, Copy)]
pub struct DetailSlots {
    row: Slot,
    tasks: Slot,
    entries: Option<Slot>,
    /// The live viewers' names (`live::viewer_names`), with the entries.
    pub(super) viewers: Option<Slot>,
}

/// Adds reading the full analysis `id` (row, tasks and, `with_entries`, its participations) to a
/// batch; after writes in the same batch, it reads what they wrote.
pub fn add_detail(batch: &mut Batch<'_>, id: &str, with_entries: bool) -> ApiResult<DetailSlots> {
    Ok(DetailSlots {
        row: batch.add(ONE, &[text(id)])?,
        tasks: batch.add(TASKS_OF_ONE, &[text(id)])?,
        entries: if with_entries { Some(batch.add(ENTRIES_OF_ONE, &[text(id)])?) } else { None },
        viewers: if with_entries { Some(super::live::add_viewer_names(batch, id)?) } else { None },
    })
}

/// The row a batch read with `add_detail` (for ownership checks before `detail_of`).
pub fn row_of(results: &Results, slots: DetailSlots) -> ApiResult<Option<AnalysisRow>> {
    results.first::<AnalysisRow>(slots.row)
}

/// The full analysis a batch read with `add_detail`; `None` when there is no such analysis.
pub fn detail_of(app: &App, results: &Results, slots: DetailSlots) -> ApiResult<Option<AnalysisDto>> {
    let Some(row) = row_of(results, slots)? else { return Ok(None) };
    let tasks = results.all::<TaskRow>(slots.tasks)?;
    let entries = match slots.entries {
        Some(slot) => Some(entry_summaries(app, results.all::<EntryRow>(slot)?)?),
        None => None,
    };
    let mut dto = row.dto(tasks.into_iter().map(task_dto).collect());
    dto.entries = entries;
    Ok(Some(dto))
}

/// The name, URL, scenario and participant limit: `?3`-`?6` of `INSERT`, `?2`-`?5` of `UPDATE`.
fn field_args(valid: &ValidAnalysis) -> [JsValue; 4] {
    [text(&valid.name), text(&valid.url), opt_text(valid.scenario.as_deref()), int(valid.max_participants)]
}

/// The camera, question, study, transcription and summary settings: `?8`-`?14` of both `INSERT` and
/// `UPDATE`, so the two statements bind them alike.
fn option_args(
    camera: JsValue,
    settings: QuestionSettings,
    study_json: Option<&str>,
    transcription: Setting,
) -> [JsValue; 7] {
    [
        camera,
        opt_flag(settings.task_questions),
        opt_flag(settings.sus),
        opt_text(study_json),
        int(i64::from(transcription.enabled)),
        text(transcription.language.as_str()),
        int(i64::from(transcription.summaries)),
    ]
}

/// Adds inserting the task list to a batch; returns the tasks as stored.
fn add_tasks(batch: &mut Batch<'_>, analysis_id: &str, tasks: &[String]) -> ApiResult<Vec<TaskDto>> {
    tasks
        .iter()
        .enumerate()
        .map(|(i, content)| {
            let id = new_id();
            batch.add(INSERT_TASK, &[text(&id), text(analysis_id), int(i as i64), text(content)])?;
            Ok(TaskDto { id, taskType: "text".into(), taskContent: content.clone() })
        })
        .collect()
}

/// Inserts an analysis with its tasks in one transaction; returns it as stored (a new analysis
/// has no entries), so the answer needs no read.
/// Who a new analysis belongs to: the workspace, and the account that wrote it.
pub struct Owner<'a> {
    pub workspace: &'a str,
    pub author: &'a str,
}

#[allow(clippy::too_many_arguments)]
pub async fn insert(
    database: &D1Database,
    id: &str,
    owner: Owner<'_>,
    valid: &ValidAnalysis,
    settings: QuestionSettings,
    study: &Study,
    transcription: Setting,
    now: i64,
    log: impl FnOnce(&mut Batch<'_>) -> ApiResult<()>,
) -> ApiResult<AnalysisDto> {
    let study_json = crate::study::stored(study)?;
    let camera = valid.camera.unwrap_or(lupa_core::camera::OFF);
    let mut batch = Batch::new(database);
    let options = option_args(text(camera), settings, study_json.as_deref(), transcription);
    let (owner_id, workspace_id) = (owner.author, owner.workspace);
    let keys = [text(id), text(owner_id)];
    let fields = [keys.as_slice(), &field_args(valid), &[int(now)], &options, &[text(workspace_id)]];
    batch.add(INSERT, &fields.concat())?;
    let tasks = add_tasks(&mut batch, id, &valid.tasks)?;
    log(&mut batch)?;
    batch.run().await?;
    let row = AnalysisRow {
        id: id.to_string(),
        workspace_id: workspace_id.to_string(),
        name: valid.name.clone(),
        url: valid.url.clone(),
        device: "computer".into(),
        scenario: valid.scenario.clone(),
        max_participants: valid.max_participants,
        status: "published".into(),
        camera: camera.to_string(),
        created_at: now,
        updated_at: now,
        submitted: 0,
        task_questions: i64::from(settings.task_questions.unwrap_or(false)),
        sus: i64::from(settings.sus.unwrap_or(false)),
        study_json,
        transcription_enabled: i64::from(transcription.enabled),
        transcription_language: transcription.language.as_str().to_string(),
        summaries_enabled: i64::from(transcription.summaries),
    };
    let mut dto = row.dto(tasks);
    dto.entries = Some(Vec::new());
    Ok(dto)
}

/// Adds replacing the editable fields and the task list to a batch (one transaction).
#[allow(clippy::too_many_arguments)]
pub fn add_update(
    batch: &mut Batch<'_>,
    id: &str,
    valid: &ValidAnalysis,
    settings: QuestionSettings,
    study: &Study,
    transcription: Setting,
    status: &str,
    now: i64,
) -> ApiResult<()> {
    let study_json = crate::study::stored(study)?;
    let options = option_args(opt_text(valid.camera), settings, study_json.as_deref(), transcription);
    batch.add(UPDATE, &[[text(id)].as_slice(), &field_args(valid), &[text(status), int(now)], &options].concat())?;
    batch.add(DELETE_TASKS, &[text(id)])?;
    add_tasks(batch, id, &valid.tasks)?;
    Ok(())
}

/// Adds setting the status to a batch.
pub fn add_set_status(batch: &mut Batch<'_>, id: &str, status: &str, now: i64) -> ApiResult<Slot> {
    batch.add(SET_STATUS, &[text(id), text(status), int(now)])
}

/// Adds deleting an analysis with its tasks and entries to a batch (one transaction), queueing
/// its recordings and the abort of their unfinished uploads (the caller drains the queue).
pub fn add_delete(batch: &mut Batch<'_>, database: &D1Database, id: &str, now: i64) -> ApiResult<()> {
    batch.add(crate::platform::storage::QUEUE_ANALYSIS, &[text(id), int(now)])?;
    for statement in purge::statements(database, Scope::Analysis, id, now)? {
        batch.add_prepared(statement, "DELETE segments of an analysis");
    }
    for statement in crate::insights::cleanup::statements(database, crate::insights::cleanup::Scope::Analysis, id)? {
        batch.add_prepared(statement, "DELETE insights of an analysis");
    }
    batch.add(DELETE_TASKS, &[text(id)])?;
    batch.add(DELETE_ENTRIES, &[text(id)])?;
    batch.add(DELETE, &[text(id)])?;
    Ok(())
}
