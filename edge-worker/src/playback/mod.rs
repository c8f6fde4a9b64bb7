//! Watching and analysing recordings: the entry page (signed URL + chapters from step times),
//! notes, deleting a recording, and the analysis summary with its CSV export.

pub mod export;
pub mod notes;
pub mod summary;

use lupa_api_types::{ChapterDto, EntryAnswersDto, EntryPageResponse, MessageResponse, StepMark};
use lupa_core::summary::{first_entry, step_times, Mark, FIRST_TASK_STEP};
use worker::Response;

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult};
use crate::http::json;
use crate::insights::cleanup;
use crate::participation::purge::{self, Scope};
use crate::platform::db::{int, text, Batch};
use crate::platform::storage;
use crate::recordings::{self, owned_entry, owned_entry_with};
use crate::App;

const DELETE_NOTES: &str = "DELETE FROM entry_notes WHERE entry_id = ?1";
/// The name and task count of the entry's analysis, for the entry page.
const ANALYSIS_OF_ENTRY: &str =
    "SELECT a.name, (SELECT COUNT(*) FROM analysis_tasks t WHERE t.analysis_id = a.id) AS task_count \
     FROM analyses a JOIN analysis_entries e ON e.analysis_id = a.id WHERE e.id = ?1";

#[derive(serde::Deserialize)]
struct AnalysisOfEntry {
    name: String,
    task_count: i64,
}
const DELETE_ENTRY: &str = "DELETE FROM analysis_entries WHERE id = ?1";

/// Parses the stored step marks.
pub fn marks_of(steps_json: Option<&str>) -> Vec<StepMark> {
    steps_json.and_then(|s| serde_json::from_str::<Vec<StepMark>>(s).ok()).unwrap_or_default()
}

pub fn core_marks(marks: &[StepMark]) -> Vec<Mark> {
    marks.iter().map(|m| Mark { index: m.index, at_ms: m.atMs }).collect()
}

/// `GET /api/v1/entry/{id}`: what the entry page needs, with one chapter per step. Two round
/// trips: the session, then the entry with its segments, answers and its analysis's name and
/// task count.
pub async fn entry_page(app: &App, user: &SessionUser, entry_id: &str) -> ApiResult<Response> {
    let (entry, results, (segments, analysis, answers, ())) = owned_entry_with(app, user, entry_id, |batch| {
        Ok((
            recordings::add_segments(batch, entry_id)?,
            batch.add(ANALYSIS_OF_ENTRY, &[text(entry_id)])?,
            crate::insights::answers::add_of_entry(batch, entry_id)?,
            // Who watched which recording (ADR 0019), in the read's own batch.
            crate::team::activity::add_watched(batch, user, entry_id, app.now())?,
        ))
    })
    .await?;
    let segments = recordings::segments_of(app, &entry, &results, segments)?;
    let entry_url = segments.first().map(|s| s.url.clone()).unwrap_or_default();
    let analysis = results.first::<AnalysisOfEntry>(analysis)?.ok_or_else(ApiError::not_found)?;
    let answers = crate::insights::answers::of_entry_from(&results, answers)?;
    let steps = marks_of(entry.steps_json.as_deref());
    let chapters = chapters(
        &core_marks(&steps),
        entry.duration_ms.unwrap_or(0).max(0) as u64,
        &answered_at(&answers, analysis.task_count.max(0) as usize),
    );
    json(
        200,
        &EntryPageResponse {
            entryUrl: entry_url,
            segments,
            id: entry.id.clone(),
            participantNumber: recordings::participant_number(&entry),
            thumbnailUrl: crate::thumbnails::url(app, &entry.id, entry.thumbnail_at)?,
            analysisId: entry.analysis_id.clone(),
            analysisName: analysis.name,
            mimeType: entry.recording_mime.clone(),
            durationMs: entry.duration_ms,
            submittedAt: entry.submitted_at,
            steps,
            chapters,
            answers,
        },
    )
}

/// When each of `task_count` tasks was answered (index 0 = task 1), for [`step_times`].
pub fn answered_at(answers: &EntryAnswersDto, task_count: usize) -> Vec<Option<u64>> {
    let mut at = vec![None; task_count];
    for answer in &answers.tasks {
        if let Some(slot) = (answer.taskNumber as usize).checked_sub(1).and_then(|i| at.get_mut(i)) {
            *slot = Some(answer.atMs.max(0) as u64);
        }
    }
    at
}

/// One chapter per step (scenario, URL, each task in `answered_at`): when it was first entered,
/// and the time spent on it by the same rule as the summary's time on task (`step_times`).
pub fn chapters(marks: &[Mark], duration: u64, answered_at: &[Option<u64>]) -> Vec<ChapterDto> {
    let spent = step_times(marks, duration, answered_at);
    (0..spent.len())
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
pub async fn delete_entry(app: &App, user: &SessionUser, entry_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, user, entry_id).await?;
    let database = crate::platform::db::db(app)?;
    let prefix = storage::entry_prefix(&entry.analysis_id, &entry.id);
    let now = app.now();
    let mut batch = Batch::new(&database);
    batch.add(purge::QUEUE_ENTRY_PREFIX, &[text(&prefix), int(now)])?;
    for statement in purge::statements(&database, Scope::Entry, &entry.id, now)? {
        batch.add_prepared(statement, "DELETE segments of an entry");
    }
    for statement in cleanup::statements(&database, cleanup::Scope::Entry, &entry.id)? {
        batch.add_prepared(statement, "DELETE insights of an entry");
    }
    batch.add(DELETE_NOTES, &[text(&entry.id)])?;
    batch.add(DELETE_ENTRY, &[text(&entry.id)])?;
    purge::delete_and_drain(app, batch).await?;
    json(200, &MessageResponse { message: "Grabación eliminada".into() })
}
