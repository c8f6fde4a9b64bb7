//! Watching and analysing recordings: the entry page (signed URL + chapters from step times),
//! notes, deleting a recording, and the analysis summary with its CSV export.

pub mod notes;
pub mod summary;

use lupa_api_types::{ChapterDto, EntryPageResponse, MessageResponse, StepMark};
use lupa_core::summary::{first_entry, time_per_step, Mark, FIRST_TASK_STEP};
use worker::{Request, Response};

use crate::analysis::repo;
use crate::db::{BusyBatch, db, failed, int, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::json;
use crate::insights::cleanup;
use crate::participation::purge::{self, Scope};
use crate::recordings::{self, owned_entry};
use crate::App;

const DELETE_NOTES: &str = "DELETE FROM entry_notes WHERE entry_id = ?1";
const DELETE_ENTRY: &str = "DELETE FROM analysis_entries WHERE id = ?1";

/// Parses the stored step marks.
pub fn marks_of(steps_json: Option<&str>) -> Vec<StepMark> {
    steps_json.and_then(|s| serde_json::from_str::<Vec<StepMark>>(s).ok()).unwrap_or_default()
}

pub fn core_marks(marks: &[StepMark]) -> Vec<Mark> {
    marks.iter().map(|m| Mark { index: m.index, at_ms: m.atMs }).collect()
}

/// `GET /api/v1/entry/{id}`: what the entry page needs, with one chapter per step.
pub async fn entry_page(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let segments = recordings::segments(app, &entry).await?;
    let entry_url = segments.first().map(|s| s.url.clone()).unwrap_or_default();
    let database = db(app)?;
    let analysis = repo::find(&database, &entry.analysis_id).await?.ok_or_else(ApiError::not_found)?;
    let analysis_name = analysis.name.clone();
    let detail = repo::detail(&database, analysis).await?;
    let steps = marks_of(entry.steps_json.as_deref());
    let chapters = chapters(&core_marks(&steps), entry.duration_ms.unwrap_or(0).max(0) as u64, detail.tasks.len());
    let answers = crate::insights::answers::of_entry(&database, &entry.id).await?;
    json(
        200,
        &EntryPageResponse {
            entryUrl: entry_url,
            segments,
            id: entry.id.clone(),
            participantNumber: recordings::participant_number(&entry),
            thumbnailUrl: crate::thumbnails::url(app, &entry.id, entry.thumbnail_at)?,
            analysisId: entry.analysis_id.clone(),
            analysisName: analysis_name,
            mimeType: entry.recording_mime.clone(),
            durationMs: entry.duration_ms,
            submittedAt: entry.submitted_at,
            steps,
            chapters,
            answers,
        },
    )
}

/// One chapter per step (scenario, URL, each task): when it was first entered, time spent on it.
pub fn chapters(marks: &[Mark], duration: u64, task_count: usize) -> Vec<ChapterDto> {
    let step_count = FIRST_TASK_STEP as usize + task_count;
    let spent = time_per_step(marks, duration, step_count);
    (0..step_count)
        .map(|i| {
            let index = i as u32;
            let (kind, title) = match index {
                0 => ("scenario", "Escenario".to_string()),
                1 => ("url", "URL".to_string()),
                n => ("task", format!("Task {}", n - FIRST_TASK_STEP + 1)),
            };
            ChapterDto {
                index,
                kind: kind.into(),
                title,
                startMs: first_entry(marks, index).map(|m| m as i64),
                spentMs: spent.get(i).copied().unwrap_or(0) as i64,
            }
        })
        .collect()
}

/// `DELETE /api/v1/entry/{id}`: removes the recording from R2 and the entry's rows.
pub async fn delete_entry(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let database = db(app)?;
    let prefix = recordings::entry_prefix(&entry.analysis_id, &entry.id);
    let now = now_ms();
    let mut batch = vec![stmt(&database, purge::QUEUE_ENTRY_PREFIX, &[text(&prefix), int(now)])?];
    batch.extend(purge::statements(&database, Scope::Entry, &entry.id, now)?);
    batch.extend(cleanup::statements(&database, cleanup::Scope::Entry, &entry.id)?);
    batch.push(stmt(&database, DELETE_NOTES, &[text(&entry.id)])?);
    batch.push(stmt(&database, DELETE_ENTRY, &[text(&entry.id)])?);
    database.batch_busy(batch).await.map_err(failed(DELETE_ENTRY))?;
    purge::drain(app).await?;
    json(200, &MessageResponse { message: "Grabación eliminada".into() })
}
