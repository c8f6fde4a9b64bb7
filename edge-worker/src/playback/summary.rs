//! The analysis summary (time on task across submitted entries, each entry's duration and note
//! count) and its CSV export: one row per entry per task, plus one row per note.

use lupa_api_types::{AnalysisSummaryResponse, EntrySummaryRowDto, TaskSummaryDto};
use lupa_core::csv;
use lupa_core::summary::{clock, stats, time_per_step, FIRST_TASK_STEP};
use serde::Deserialize;
use worker::{Request, Response, ResponseBuilder};

use crate::analysis;
use crate::db::{text, Batch, Results, Slot};
use crate::error::ApiResult;
use crate::http::json;
use crate::playback::{core_marks, marks_of};
use crate::App;

const ENTRIES: &str = "SELECT e.id, e.submitted_at, e.duration_ms, e.steps_json, \
     (SELECT COUNT(*) FROM entry_notes n WHERE n.entry_id = e.id) AS note_count \
     FROM analysis_entries e WHERE e.analysis_id = ?1 AND e.status = 'submitted' ORDER BY e.submitted_at";
const NOTES: &str = "SELECT n.entry_id, n.at_ms, n.text FROM entry_notes n JOIN analysis_entries e ON e.id = n.entry_id \
     WHERE e.analysis_id = ?1 AND e.status = 'submitted' ORDER BY n.entry_id, n.at_ms";

#[derive(Deserialize)]
struct EntryRow {
    id: String,
    submitted_at: Option<i64>,
    duration_ms: Option<i64>,
    steps_json: Option<String>,
    note_count: i64,
}

#[derive(Deserialize)]
struct NoteRow {
    entry_id: String,
    at_ms: i64,
    text: String,
}

struct Loaded {
    tasks: Vec<String>,
    entries: Vec<EntryRow>,
    /// Per entry, ms spent on each task.
    times: Vec<Vec<u64>>,
}

/// Reads the analysis (checking who may see it), its submitted entries and, `with_notes`, their
/// notes, in one batch after the session: two round trips.
async fn load(app: &App, req: &Request, analysis_id: &str, with_notes: bool) -> ApiResult<(Loaded, Results, Option<Slot>)> {
    let (detail, results, (entries, notes)) = analysis::owned_with(app, req, analysis_id, |batch: &mut Batch<'_>| {
        let entries = batch.add(ENTRIES, &[text(analysis_id)])?;
        let notes = if with_notes { Some(batch.add(NOTES, &[text(analysis_id)])?) } else { None };
        Ok((entries, notes))
    })
    .await?;
    let tasks: Vec<String> = detail.tasks.into_iter().map(|t| t.taskContent).collect();
    let entries = results.all::<EntryRow>(entries)?;
    let step_count = FIRST_TASK_STEP as usize + tasks.len();
    let times = entries
        .iter()
        .map(|e| {
            let marks = core_marks(&marks_of(e.steps_json.as_deref()));
            time_per_step(&marks, e.duration_ms.unwrap_or(0).max(0) as u64, step_count).split_off(FIRST_TASK_STEP as usize)
        })
        .collect();
    Ok((Loaded { tasks, entries, times }, results, notes))
}

/// `GET /api/v1/analysis/{id}/summary`.
pub async fn get(app: &App, req: &Request, analysis_id: &str) -> ApiResult<Response> {
    let (loaded, _, _) = load(app, req, analysis_id, false).await?;
    let tasks = loaded
        .tasks
        .iter()
        .enumerate()
        .map(|(i, content)| {
            // Only entries that actually reached the task count towards its statistics.
            let values: Vec<u64> = loaded.times.iter().filter_map(|t| t.get(i).copied()).filter(|ms| *ms > 0).collect();
            let s = stats(&values);
            TaskSummaryDto {
                taskNumber: i as u32 + 1,
                taskContent: content.clone(),
                medianMs: s.map(|(m, _, _)| m as i64),
                minMs: s.map(|(_, lo, _)| lo as i64),
                maxMs: s.map(|(_, _, hi)| hi as i64),
                entries: values.len() as i64,
            }
        })
        .collect();
    let entries = loaded
        .entries
        .iter()
        .map(|e| EntrySummaryRowDto { id: e.id.clone(), submittedAt: e.submitted_at, durationMs: e.duration_ms, noteCount: e.note_count })
        .collect();
    json(200, &AnalysisSummaryResponse { tasks, entries })
}

/// `GET /api/v1/analysis/{id}/export`: CSV, UTF-8 with BOM.
pub async fn export(app: &App, req: &Request, analysis_id: &str) -> ApiResult<Response> {
    let (loaded, results, notes) = load(app, req, analysis_id, true).await?;
    let notes = match notes {
        Some(slot) => results.all::<NoteRow>(slot)?,
        None => Vec::new(),
    };
    let mut rows = Vec::new();
    for (entry, times) in loaded.entries.iter().zip(&loaded.times) {
        let submitted = entry.submitted_at.map(iso).unwrap_or_default();
        let duration = entry.duration_ms.map(|d| clock(d.max(0) as u64)).unwrap_or_default();
        for (i, task) in loaded.tasks.iter().enumerate() {
            let spent = times.get(i).copied().unwrap_or(0);
            rows.push(vec!["task".into(), entry.id.clone(), submitted.clone(), duration.clone(), (i + 1).to_string(), task.clone(), format!("{:.1}", spent as f64 / 1000.0), String::new(), String::new()]);
        }
        for note in notes.iter().filter(|n| n.entry_id == entry.id) {
            rows.push(vec!["note".into(), entry.id.clone(), submitted.clone(), duration.clone(), String::new(), String::new(), String::new(), clock(note.at_ms.max(0) as u64), note.text.clone()]);
        }
    }
    let body = csv::document(&["kind", "entry_id", "submitted_at", "entry_duration", "task_number", "task", "time_on_task_s", "note_time", "note"], &rows);
    Ok(ResponseBuilder::new()
        .with_header("content-type", "text/csv; charset=utf-8")?
        .with_header("content-disposition", &format!("attachment; filename=\"lupa-analysis-{analysis_id}.csv\""))?
        .fixed(body.into_bytes()))
}

fn iso(ms: i64) -> String {
    js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64)).to_iso_string().as_string().unwrap_or_default()
}
