//! Whether an analysis has a place left (product §2 point 1, ADR 0005): read with the invite's
//! welcome and checked again by the claim. Apart from the participation flow so the panel study's
//! screener (`study`) can read the places without depending on the flow that depends on it.

use serde::Deserialize;

use crate::error::{ApiError, ApiResult, Fixed};
use crate::platform::db::{int, text, Batch, Results, Slot};
use crate::App;

/// The places, and what the invite's welcome shows before anything is claimed (ADR 0015): the
/// study's name, its camera setting and how long it will take (tasks and questions counted).
const PLACES: &str = "SELECT a.status, a.max_participants, a.camera, a.name, a.task_questions, a.sus, a.study_json, \
     (SELECT COUNT(*) FROM analysis_tasks t WHERE t.analysis_id = a.id AND TRIM(t.content) <> '') AS tasks, \
     (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = a.id \
     AND (e.status = 'submitted' OR (e.status = 'in_progress' AND e.held_until > ?2))) AS taken FROM analyses a WHERE a.id = ?1";

#[derive(Deserialize)]
pub(crate) struct Places {
    status: String,
    max_participants: i64,
    pub(crate) camera: String,
    pub(crate) name: String,
    pub(crate) task_questions: i64,
    pub(crate) sus: i64,
    pub(crate) tasks: i64,
    taken: i64,
    pub(crate) study_json: Option<String>,
}

pub(crate) fn add_places(app: &App, batch: &mut Batch<'_>, id: &str) -> ApiResult<Slot> {
    batch.add(PLACES, &[text(id), int(app.now())])
}

/// 404 for unknown ids, 400 when closed or full, from the places a batch read (`add_places`); the
/// row otherwise.
pub(crate) fn check_places(results: &Results, slot: Slot) -> ApiResult<Places> {
    let row = results.first::<Places>(slot)?.ok_or_else(|| ApiError::from(Fixed::AnalysisNotFound))?;
    if row.status == "completed" || row.taken >= row.max_participants {
        return Err(ApiError::from(Fixed::NoPlaces));
    }
    Ok(row)
}
