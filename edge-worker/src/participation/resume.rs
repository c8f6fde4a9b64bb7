//! Coming back to an unfinished participation (ADR 0005): after a reload, a crash, a browser
//! restart or a sleeping laptop, the capability cookie still names the entry for 24 hours.
//!
//! `GET /participation/current` lets the participation page offer 'Continuar' or 'Eliminar
//! grabación y salir'; `POST …/resume` takes the place again (a free one is needed once the hold
//! lapsed) and tells the tab where the participant was.

use lupa_api_types::ResumeInfo;
use lupa_core::chunks::{GRACE_MS, HOLD_WITHOUT_MEDIA_MS};
use serde::Deserialize;
use worker::{Request, Response};

use crate::analysis::repo;
use crate::auth::sessions::with_cookie;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::json;
use crate::ledger::protocol::{Status, WorkerCall};
use crate::participation::entries::{self, capability_hash_of, clear_capability_cookie};
use crate::participation::purge;
use crate::platform::db::{db, int, text, Batch, Results, Slot};
use crate::playback::marks_of;
use crate::App;

/// `+e.status` keeps SQLite on the capability index: on the (status, last activity) index it would
/// read every participation in progress, everywhere, for each lookup (ADR 0011).
const CURRENT: &str = "SELECT e.id, e.analysis_id, e.steps_json, e.pid, e.task_order, COALESCE(e.last_activity_at, e.created_at) AS active_at, \
     (SELECT COALESCE(SUM(s.duration_ms), 0) FROM entry_segments s WHERE s.entry_id = e.id AND s.track = 'screen') AS recorded_ms, \
     (SELECT COUNT(*) FROM entry_segments s WHERE s.entry_id = e.id AND s.track = 'screen') AS segments \
     FROM analysis_entries e WHERE e.capability_hash = ?1 AND +e.status = 'in_progress' ORDER BY e.created_at DESC LIMIT 1";
/// Holds the place again: always when the hold has not lapsed, otherwise only if one is free
/// and the analysis still takes participants.
const RECLAIM: &str = "UPDATE analysis_entries SET held_until = MAX(COALESCE(held_until, 0), ?3), last_activity_at = ?2 WHERE id = ?1 AND \
     (held_until > ?2 OR ((SELECT COUNT(*) FROM analysis_entries o WHERE o.analysis_id = analysis_entries.analysis_id AND o.id != ?1 \
       AND (o.status = 'submitted' OR (o.status = 'in_progress' AND o.held_until > ?2))) \
     < (SELECT a.max_participants FROM analyses a WHERE a.id = analysis_entries.analysis_id AND a.status IN ('published', 'active'))))";

#[derive(Deserialize)]
struct Current {
    id: String,
    analysis_id: String,
    steps_json: Option<String>,
    /// ADR 0017: the tab gets its order, questions and completion URL back.
    pid: Option<String>,
    task_order: Option<String>,
    active_at: i64,
    recorded_ms: i64,
    segments: i64,
}

/// Adds reading the participation this browser holds to a batch (nothing without a capability).
fn add_current(app: &App, req: &Request, batch: &mut Batch<'_>) -> ApiResult<Option<Slot>> {
    let Some(hash) = capability_hash_of(app, req)? else { return Ok(None) };
    Ok(Some(batch.add(CURRENT, &[text(&hash)])?))
}

fn current_of(results: &Results, slot: Option<Slot>) -> ApiResult<Option<Current>> {
    slot.map(|slot| results.first::<Current>(slot)).transpose().map(Option::flatten)
}

fn none() -> ApiError {
    ApiError::from(Fixed::NoParticipation)
}

/// Where a batch put what `info` needs: the analysis and the participant's answers so far.
struct InfoSlots {
    analysis: repo::DetailSlots,
    answers: crate::insights::answers::EntryAnswerSlots,
}

fn add_info(batch: &mut Batch<'_>, current: &Current) -> ApiResult<InfoSlots> {
    Ok(InfoSlots {
        analysis: repo::add_detail(batch, &current.analysis_id, false)?,
        answers: crate::insights::answers::add_of_entry(batch, &current.id)?,
    })
}

/// Where the participant was, from what a batch read (`add_info`) and what the participation's
/// object recorded (its segments still open are in the object only, ADR 0013).
async fn info(app: &App, current: Current, results: &Results, slots: InfoSlots) -> ApiResult<ResumeInfo> {
    let recorded: Status = crate::ledger::call(app, &current.id, &WorkerCall::Status { now: app.now() }.into()).await?;
    let study_json = repo::row_of(results, slots.analysis)?.and_then(|row| row.study_json);
    let detail = repo::detail_of(app, results, slots.analysis)?.ok_or_else(ApiError::not_found)?;
    let claim = crate::study::Claim {
        pid: current.pid.clone(),
        task_order: current.task_order.as_deref().and_then(|o| serde_json::from_str(o).ok()),
    };
    let answers = crate::insights::answers::of_entry_from(results, slots.answers)?;
    Ok(ResumeInfo {
        analysisEntryId: current.id,
        analysisId: current.analysis_id,
        analysisData: crate::study::with_study(super::participation_data(app, detail), study_json.as_deref(), &claim),
        recordedMs: recorded.recorded_ms.max(current.recorded_ms).max(0) as u64,
        steps: marks_of(recorded.steps_json.as_deref().or(current.steps_json.as_deref())),
        segments: recorded.segments.max(current.segments.max(0) as u32),
        answers,
    })
}

/// The unfinished participation this browser holds, or `None` (an expired one is deleted).
async fn live(app: &App, current: Option<Current>) -> ApiResult<Option<Current>> {
    let Some(current) = current else { return Ok(None) };
    if current.active_at <= app.now() - GRACE_MS {
        purge::abandon_entry(app, &current.id, &current.analysis_id).await?;
        return Ok(None);
    }
    Ok(Some(current))
}

/// `GET /api/v1/participation/current`: 200 with where the participant was, or 404. Two round
/// trips: the participation, then its analysis.
pub async fn current(app: &App, req: &Request) -> ApiResult<Response> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let slot = add_current(app, req, &mut reads)?;
    let found = if reads.is_empty() { None } else { current_of(&reads.run().await?, slot)? };
    match live(app, found).await? {
        Some(current) => {
            let mut batch = Batch::new(&database);
            let slots = add_info(&mut batch, &current)?;
            json(200, &info(app, current, &batch.run().await?, slots).await?)
        }
        None => with_cookie(none().to_response(), &clear_capability_cookie()),
    }
}

/// `POST /api/v1/analysisEntry/{id}/resume`: holds the place again and answers where the
/// participant was. Without a free place the participation is deleted: 400 'No hay plazas…'.
/// Two round trips: the entry with the participation this browser holds, then the place taken
/// again with the analysis read.
pub async fn resume(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let found = entries::add_find(&mut reads, entry_id)?;
    let slot = add_current(app, req, &mut reads)?;
    let results = reads.run().await?;
    let entry = entries::capable(app, req, results.first(found)?)?;
    let current = live(app, current_of(&results, slot)?).await?.filter(|c| c.id == entry.id).ok_or_else(none)?;
    let now = app.now();
    let mut batch = Batch::new(&database);
    let reclaimed = batch.add(RECLAIM, &[text(&entry.id), int(now), int(now + HOLD_WITHOUT_MEDIA_MS)])?;
    let slots = add_info(&mut batch, &current)?;
    let results = batch.run().await?;
    if results.changes(reclaimed)? == 0 {
        purge::abandon_entry(app, &entry.id, &entry.analysis_id).await?;
        return with_cookie(ApiError::from(Fixed::PlacesTaken).to_response(), &clear_capability_cookie());
    }
    let resp = json(200, &info(app, current, &results, slots).await?)?;
    entries::refresh_capability_cookie(resp, req)
}
