//! Coming back to an unfinished participation (ADR 0005): after a reload, a crash, a browser
//! restart or a sleeping laptop, the capability cookie still names the entry for 24 hours.
//!
//! `GET /participation/current` lets the participation page offer 'Continuar' or 'Eliminar
//! grabación y salir'; `POST …/resume` takes the place again (a free one is needed once the hold
//! lapsed) and tells the tab where the participant was.

use lupa_api_types::ResumeInfo;
use lupa_core::chunks::{GRACE_MS, HOLD_WITHOUT_MEDIA_MS};
use lupa_core::participation::NO_PLACES;
use serde::Deserialize;
use worker::{Request, Response};

use crate::analysis::repo;
use crate::auth::sessions::with_cookie;
use crate::db::{Busy, db, failed, int, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::json;
use crate::participation::entries::{self, capability_hash_of, clear_capability_cookie};
use crate::participation::purge;
use crate::playback::marks_of;
use crate::App;

const NO_PARTICIPATION: &str = "No tienes ninguna participación sin terminar";

const CURRENT: &str = "SELECT e.id, e.analysis_id, e.steps_json, COALESCE(e.last_activity_at, e.created_at) AS active_at, \
     (SELECT COALESCE(SUM(s.duration_ms), 0) FROM entry_segments s WHERE s.entry_id = e.id AND s.track = 'screen') AS recorded_ms, \
     (SELECT COUNT(*) FROM entry_segments s WHERE s.entry_id = e.id AND s.track = 'screen') AS segments \
     FROM analysis_entries e WHERE e.capability_hash = ?1 AND e.status = 'in_progress' ORDER BY e.created_at DESC LIMIT 1";
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
    active_at: i64,
    recorded_ms: i64,
    segments: i64,
}

async fn current_of(app: &App, req: &Request) -> ApiResult<Option<Current>> {
    let Some(hash) = capability_hash_of(app, req)? else { return Ok(None) };
    stmt(&db(app)?, CURRENT, &[text(&hash)])?.first_busy::<Current>(None).await.map_err(failed(CURRENT))
}

fn none() -> ApiError {
    ApiError::new(404, "no_participation", NO_PARTICIPATION)
}

async fn info(app: &App, current: Current) -> ApiResult<ResumeInfo> {
    let database = db(app)?;
    let row = repo::find(&database, &current.analysis_id).await?.ok_or_else(ApiError::not_found)?;
    let detail = repo::detail(&database, row).await?;
    let answers = crate::insights::answers::of_entry(&database, &current.id).await?;
    Ok(ResumeInfo {
        analysisEntryId: current.id,
        analysisId: current.analysis_id,
        analysisData: super::participation_data(detail),
        recordedMs: current.recorded_ms.max(0) as u64,
        steps: marks_of(current.steps_json.as_deref()),
        segments: current.segments.max(0) as u32,
        answers,
    })
}

/// The unfinished participation this browser holds, or `None` (an expired one is deleted).
async fn live(app: &App, req: &Request) -> ApiResult<Option<Current>> {
    let Some(current) = current_of(app, req).await? else { return Ok(None) };
    if current.active_at <= app.now() - GRACE_MS {
        purge::abandon_entry(app, &current.id, &current.analysis_id).await?;
        return Ok(None);
    }
    Ok(Some(current))
}

/// `GET /api/v1/participation/current`: 200 with where the participant was, or 404.
pub async fn current(app: &App, req: &Request) -> ApiResult<Response> {
    match live(app, req).await? {
        Some(current) => json(200, &info(app, current).await?),
        None => with_cookie(none().to_response(), &clear_capability_cookie()),
    }
}

/// `POST /api/v1/analysisEntry/{id}/resume`: holds the place again and answers where the
/// participant was. Without a free place the participation is deleted: 400 'No hay plazas…'.
pub async fn resume(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let current = live(app, req).await?.filter(|c| c.id == entry.id).ok_or_else(none)?;
    let now = app.now();
    let result = stmt(&db(app)?, RECLAIM, &[text(&entry.id), int(now), int(now + HOLD_WITHOUT_MEDIA_MS)])?
        .run()
        .await
        .map_err(failed(RECLAIM))?;
    if result.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0) == 0 {
        purge::abandon_entry(app, &entry.id, &entry.analysis_id).await?;
        return with_cookie(ApiError::bad_request("no_places", NO_PLACES).to_response(), &clear_capability_cookie());
    }
    let resp = json(200, &info(app, current).await?)?;
    entries::refresh_capability_cookie(resp, req)
}
