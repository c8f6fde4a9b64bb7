//! The participant's side: validate an analysis id, claim a place (atomically, never more
//! entries than places), and abandon a participation (its recording is deleted, its place freed).

pub mod entries;
pub mod upload;

use lupa_api_types::{
    MessageResponse, ParticipantTask, ParticipateResponse, ParticipationData, ParticipationRequest, ValidateParticipationResponse,
};
use lupa_core::auth::rate_limit::Limit;
use lupa_core::participation::{CONSENT_VERSION, ENTRY_IDLE_MS, ID_REQUIRED, NOT_FOUND, NO_PLACES};
use serde::Deserialize;
use worker::{Request, Response};

use crate::analysis::repo;
use crate::auth::{rate, sessions};
use crate::db::{db, failed, int, new_id, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{client_address, json, read_json};
use crate::recordings;
use crate::App;

const PARTICIPATE_PER_CLIENT: Limit = Limit { name: "participate-client", max: 60, window_ms: 60 * 60 * 1000 };
const LEFT: &str = "Has salido del análisis y tu grabación se ha eliminado";

/// Expired in-progress entries give their place back.
const EXPIRE_IDLE: &str = "UPDATE analysis_entries SET status = 'abandoned', capability_hash = NULL, updated_at = ?3 \
     WHERE analysis_id = ?1 AND status = 'in_progress' AND last_activity_at <= ?2";
/// One statement, so D1 (serial per database) cannot interleave two claims of the last place.
const CLAIM: &str = "INSERT INTO analysis_entries (id, analysis_id, status, created_at, updated_at, last_activity_at, capability_hash, consent_at, consent_version) \
     SELECT ?1, a.id, 'in_progress', ?3, ?3, ?3, ?4, ?3, ?5 FROM analyses a WHERE a.id = ?2 AND a.status IN ('published', 'active') \
     AND (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = a.id AND e.status IN ('submitted', 'in_progress')) < a.max_participants";
const PLACES: &str = "SELECT a.status, a.max_participants, (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = a.id \
     AND (e.status = 'submitted' OR (e.status = 'in_progress' AND e.last_activity_at > ?2))) AS taken FROM analyses a WHERE a.id = ?1";
const ABANDON: &str = "UPDATE analysis_entries SET status = 'abandoned', capability_hash = NULL, recording_key = NULL, recording_size = NULL, \
     upload_id = NULL, updated_at = ?2 WHERE id = ?1";
const DROP_PARTS: &str = "DELETE FROM entry_parts WHERE entry_id = ?1";

#[derive(Deserialize)]
struct Places {
    status: String,
    max_participants: i64,
    taken: i64,
}

async fn analysis_id(req: &mut Request) -> ApiResult<String> {
    let body: ParticipationRequest = read_json(req).await?;
    body.analysisId
        .map(|id| id.trim().to_string())
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::bad_request("missing_analysis_id", ID_REQUIRED))
}

/// 404 for unknown ids, 400 when closed or full.
async fn check_places(app: &App, id: &str) -> ApiResult<()> {
    let row = stmt(&db(app)?, PLACES, &[text(id), int(now_ms() - ENTRY_IDLE_MS)])?
        .first::<Places>(None)
        .await
        .map_err(failed(PLACES))?
        .ok_or_else(|| ApiError::new(404, "analysis_not_found", NOT_FOUND))?;
    if row.status == "completed" || row.taken >= row.max_participants {
        return Err(ApiError::bad_request("no_places", NO_PLACES));
    }
    Ok(())
}

/// `POST /api/v1/analysis/validate-participation`.
pub async fn validate(app: &App, req: &mut Request) -> ApiResult<Response> {
    let id = analysis_id(req).await?;
    rate::hit(&db(app)?, PARTICIPATE_PER_CLIENT, &client_address(req)).await?;
    check_places(app, &id).await?;
    json(200, &ValidateParticipationResponse { success: true })
}

/// `POST /api/v1/analysis/participate`: claims a place, records consent, hands out the capability.
pub async fn participate(app: &App, req: &mut Request) -> ApiResult<Response> {
    let id = analysis_id(req).await?;
    let database = db(app)?;
    rate::hit(&database, PARTICIPATE_PER_CLIENT, &client_address(req)).await?;
    let now = now_ms();
    stmt(&database, EXPIRE_IDLE, &[text(&id), int(now - ENTRY_IDLE_MS), int(now)])?.run().await.map_err(failed(EXPIRE_IDLE))?;
    let entry_id = new_id();
    let capability = sessions::new_token();
    let result = stmt(&database, CLAIM, &[text(&entry_id), text(&id), int(now), text(&sessions::hash_token(app, &capability)?), text(CONSENT_VERSION)])?
        .run()
        .await
        .map_err(failed(CLAIM))?;
    if result.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0) == 0 {
        check_places(app, &id).await?;
        return Err(ApiError::bad_request("no_places", NO_PLACES));
    }
    let row = repo::find(&database, &id).await?.ok_or_else(|| ApiError::new(404, "analysis_not_found", NOT_FOUND))?;
    let detail = repo::detail(&database, row, false).await?;
    let data = ParticipationData {
        scenario: detail.scenario,
        analysisUrl: detail.url,
        tasks: detail.tasks.into_iter().map(|t| ParticipantTask { taskType: t.taskType, taskContent: t.taskContent }).collect(),
    };
    let resp = json(200, &ParticipateResponse { success: true, analysisData: data, analysisEntryId: entry_id })?;
    sessions::with_cookie(resp, &entries::capability_cookie(&capability))
}

/// `DELETE /api/v1/analysisEntry/{id}`: the participant leaves (or the stream stopped). The
/// recording and its parts are deleted and the place is freed.
pub async fn abandon(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    if let (Some(upload_id), Some(key)) = (&entry.upload_id, &entry.recording_key) {
        let bucket = app.env.bucket("RECORDINGS")?;
        if let Ok(upload) = bucket.resume_multipart_upload(key.clone(), upload_id.clone()) {
            // Already gone is fine: the goal is that nothing is left.
            let _ = upload.abort().await;
        }
    }
    recordings::delete_prefix(app, &recordings::entry_prefix(&entry.analysis_id, &entry.id)).await?;
    let database = db(app)?;
    database
        .batch(vec![stmt(&database, ABANDON, &[text(&entry.id), int(now_ms())])?, stmt(&database, DROP_PARTS, &[text(&entry.id)])?])
        .await
        .map_err(failed(ABANDON))?;
    let resp = json(200, &MessageResponse { message: LEFT.into() })?;
    sessions::with_cookie(resp, &entries::clear_capability_cookie())
}
