//! Highlight reels (ADR 0012): per analysis, an ordered list of clips that a player plays back to
//! back with a title card per clip. Only the analysis owner (and admins) see or change them;
//! another customer gets 404. A reel's clip list is always written whole, in one batch.

use lupa_api_types::{MessageResponse, ReelClipRequest, ReelDto, ReelRequest, ReelSummaryDto, ReelsResponse};
use lupa_core::auth::Role;
use lupa_core::clips::{self, NOT_A_CLIP};
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::analysis::{self, repo};
use crate::auth::sessions;
use crate::db::{Busy, BusyBatch, db, failed, int, new_id, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::insights::cleanup;
use crate::insights::playlist::{self, Media};
use crate::App;

const LIST: &str = "SELECT r.id, r.title, r.created_at, r.updated_at, COUNT(n.id) AS clip_count, COALESCE(SUM(n.end_ms - n.at_ms), 0) AS duration_ms \
     FROM reels r LEFT JOIN reel_clips c ON c.reel_id = r.id LEFT JOIN entry_notes n ON n.id = c.note_id AND n.end_ms IS NOT NULL \
     WHERE r.analysis_id = ?1 GROUP BY r.id ORDER BY r.created_at DESC, r.id";
const ONE: &str = "SELECT r.id, r.analysis_id, r.title, r.created_at, r.updated_at, a.owner_id FROM reels r JOIN analyses a ON a.id = r.analysis_id WHERE r.id = ?1";
const CLIP_IDS: &str = "SELECT note_id FROM reel_clips WHERE reel_id = ?1 ORDER BY position";
const INSERT: &str = "INSERT INTO reels (id, analysis_id, title, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)";
const RENAME: &str = "UPDATE reels SET title = ?2, updated_at = ?3 WHERE id = ?1";
const CLEAR: &str = "DELETE FROM reel_clips WHERE reel_id = ?1";
const PLACE: &str = "INSERT INTO reel_clips (reel_id, note_id, position) VALUES (?1, ?2, ?3)";
const DELETE: &str = "DELETE FROM reels WHERE id = ?1";
const DELETED: &str = "Reel eliminado";

#[derive(Deserialize)]
struct SummaryRow {
    id: String,
    title: String,
    created_at: i64,
    updated_at: i64,
    clip_count: i64,
    duration_ms: i64,
}

/// A reel row with its analysis's owner.
#[derive(Debug, Clone, Deserialize)]
pub struct ReelRow {
    pub id: String,
    pub analysis_id: String,
    pub title: String,
    pub created_at: i64,
    pub updated_at: i64,
    owner_id: String,
}

#[derive(Deserialize)]
struct ClipId {
    note_id: String,
}

fn bad(message: &'static str) -> ApiError {
    ApiError::bad_request("invalid_reel", message)
}

/// A reel by id, whoever owns it.
pub async fn find(database: &D1Database, reel_id: &str) -> ApiResult<Option<ReelRow>> {
    stmt(database, ONE, &[text(reel_id)])?.first_busy::<ReelRow>(None).await.map_err(failed(ONE))
}

/// The reel when the signed-in user owns its analysis or is an admin; 404 otherwise.
async fn owned(app: &App, req: &Request, reel_id: &str) -> ApiResult<ReelRow> {
    let user = sessions::require_user(app, req).await?;
    let reel = find(&db(app)?, reel_id).await?.ok_or_else(ApiError::not_found)?;
    if reel.owner_id != user.user.id && Role::parse(&user.user.role) != Some(Role::Admin) {
        return Err(ApiError::not_found());
    }
    Ok(reel)
}

/// The reel's clip ids in order.
pub async fn clip_ids(database: &D1Database, reel_id: &str) -> ApiResult<Vec<String>> {
    let rows = stmt(database, CLIP_IDS, &[text(reel_id)])?.all_busy().await.map_err(failed(CLIP_IDS))?.results::<ClipId>().map_err(failed(CLIP_IDS))?;
    Ok(rows.into_iter().map(|r| r.note_id).collect())
}

/// Checks a whole clip list: at most 100, each once, each a clip of `analysis_id`.
async fn check_clips(database: &D1Database, analysis_id: &str, ids: &[String]) -> ApiResult<()> {
    clips::check_reel_clips(ids).map_err(bad)?;
    let found = playlist::clips(database, ids).await?;
    if found.len() != ids.len() || found.iter().any(|c| c.analysis_id != analysis_id) {
        return Err(bad(NOT_A_CLIP));
    }
    Ok(())
}

/// Statements that replace the reel's clip list (checked) and touch it.
fn set_clips(database: &D1Database, reel_id: &str, ids: &[String], now: i64) -> ApiResult<Vec<worker::D1PreparedStatement>> {
    let mut batch = vec![stmt(database, CLEAR, &[text(reel_id)])?];
    for (position, id) in ids.iter().enumerate() {
        batch.push(stmt(database, PLACE, &[text(reel_id), text(id), int(position as i64)])?);
    }
    batch.push(stmt(database, "UPDATE reels SET updated_at = ?2 WHERE id = ?1", &[text(reel_id), int(now)])?);
    Ok(batch)
}

/// The reel with its playlist, for its owner.
pub async fn dto(app: &App, database: &D1Database, reel_id: &str) -> ApiResult<ReelDto> {
    let reel = find(database, reel_id).await?.ok_or_else(ApiError::not_found)?;
    let ids = clip_ids(database, &reel.id).await?;
    let tasks = repo::task_contents(database, &reel.analysis_id).await?;
    let clips = playlist::playlist(app, database, Media::Researcher, &reel.analysis_id, &ids, &tasks, true).await?;
    Ok(ReelDto {
        durationMs: clips.iter().map(|c| c.endMs - c.startMs).sum(),
        id: reel.id,
        analysisId: reel.analysis_id,
        title: reel.title,
        createdAt: reel.created_at,
        updatedAt: reel.updated_at,
        clips,
    })
}

/// `GET /api/v1/analysis/{id}/reels`.
pub async fn list(app: &App, req: &Request, analysis_id: &str) -> ApiResult<Response> {
    analysis::owned_row(app, req, analysis_id).await?;
    let rows = stmt(&db(app)?, LIST, &[text(analysis_id)])?.all_busy().await.map_err(failed(LIST))?.results::<SummaryRow>().map_err(failed(LIST))?;
    let reels = rows
        .into_iter()
        .map(|r| ReelSummaryDto { id: r.id, title: r.title, clipCount: r.clip_count.max(0) as u32, durationMs: r.duration_ms, createdAt: r.created_at, updatedAt: r.updated_at })
        .collect();
    json(200, &ReelsResponse { reels })
}

/// `POST /api/v1/analysis/{id}/reels {title, clipIds?}`.
pub async fn create(app: &App, req: &mut Request, analysis_id: &str) -> ApiResult<Response> {
    analysis::owned_row(app, req, analysis_id).await?;
    let body: ReelRequest = read_json(req).await?;
    let title = clips::reel_title(body.title.as_deref()).map_err(bad)?;
    let ids = body.clipIds.unwrap_or_default();
    let database = db(app)?;
    check_clips(&database, analysis_id, &ids).await?;
    let id = new_id();
    let now = app.now();
    let mut batch = vec![stmt(&database, INSERT, &[text(&id), text(analysis_id), text(&title), int(now)])?];
    batch.extend(set_clips(&database, &id, &ids, now)?);
    database.batch_busy(batch).await.map_err(failed(INSERT))?;
    json(201, &dto(app, &database, &id).await?)
}

/// `GET /api/v1/reels/{id}`.
pub async fn get(app: &App, req: &Request, reel_id: &str) -> ApiResult<Response> {
    let reel = owned(app, req, reel_id).await?;
    json(200, &dto(app, &db(app)?, &reel.id).await?)
}

/// `PATCH /api/v1/reels/{id} {title?, clipIds?}`: rename, and/or set the whole ordered list.
pub async fn update(app: &App, req: &mut Request, reel_id: &str) -> ApiResult<Response> {
    let reel = owned(app, req, reel_id).await?;
    let body: ReelRequest = read_json(req).await?;
    let database = db(app)?;
    let now = app.now();
    let mut batch = Vec::new();
    if body.title.is_some() {
        let title = clips::reel_title(body.title.as_deref()).map_err(bad)?;
        batch.push(stmt(&database, RENAME, &[text(&reel.id), text(&title), int(now)])?);
    }
    if let Some(ids) = &body.clipIds {
        check_clips(&database, &reel.analysis_id, ids).await?;
        batch.extend(set_clips(&database, &reel.id, ids, now)?);
    }
    if !batch.is_empty() {
        database.batch_busy(batch).await.map_err(failed(RENAME))?;
    }
    json(200, &dto(app, &database, &reel.id).await?)
}

/// `DELETE /api/v1/reels/{id}`: the reel and its share links; its clips stay.
pub async fn delete(app: &App, req: &Request, reel_id: &str) -> ApiResult<Response> {
    let reel = owned(app, req, reel_id).await?;
    let database = db(app)?;
    let mut batch = cleanup::statements(&database, cleanup::Scope::Reel, &reel.id)?;
    batch.push(stmt(&database, DELETE, &[text(&reel.id)])?);
    database.batch_busy(batch).await.map_err(failed(DELETE))?;
    json(200, &MessageResponse { message: DELETED.into() })
}

/// `POST /api/v1/reels/{id}/clips {clipId, position?}`: adds a clip (at the end by default). A clip
/// already in the reel stays where it is, so a repeated request changes nothing.
pub async fn add_clip(app: &App, req: &mut Request, reel_id: &str) -> ApiResult<Response> {
    let reel = owned(app, req, reel_id).await?;
    let body: ReelClipRequest = read_json(req).await?;
    let clip = body.clipId.filter(|c| !c.is_empty()).ok_or_else(|| bad(NOT_A_CLIP))?;
    let database = db(app)?;
    let mut ids = clip_ids(&database, &reel.id).await?;
    if !ids.contains(&clip) {
        let at = body.position.map_or(ids.len(), |p| (p as usize).min(ids.len()));
        ids.insert(at, clip);
        check_clips(&database, &reel.analysis_id, &ids).await?;
        database.batch_busy(set_clips(&database, &reel.id, &ids, app.now())?).await.map_err(failed(PLACE))?;
    }
    json(200, &dto(app, &database, &reel.id).await?)
}

/// `DELETE /api/v1/reels/{id}/clips/{clipId}`: removes a clip from the reel (not the clip itself).
pub async fn remove_clip(app: &App, req: &Request, reel_id: &str, clip_id: &str) -> ApiResult<Response> {
    let reel = owned(app, req, reel_id).await?;
    let database = db(app)?;
    let mut ids = clip_ids(&database, &reel.id).await?;
    if ids.iter().any(|id| id == clip_id) {
        ids.retain(|id| id != clip_id);
        database.batch_busy(set_clips(&database, &reel.id, &ids, app.now())?).await.map_err(failed(PLACE))?;
    }
    json(200, &dto(app, &database, &reel.id).await?)
}
