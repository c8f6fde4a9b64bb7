//! Share links, the owner's side (ADR 0012): create a read-only link to one recording, one clip,
//! one reel or the analysis summary; list the analysis's links with their views; revoke one.
//!
//! The token (256 random bits) is shown once, in the creation answer; D1 keeps only its keyed
//! hash under `SESSION_PEPPER`, with a `share:` prefix so a share token can never be mistaken for
//! a session or participant token even if one were presented as such.

use lupa_api_types::{ShareCreatedResponse, ShareDto, ShareRequest, SharesResponse};
use lupa_core::auth::{token, Role};
use lupa_core::clips::{self, ShareKind, BAD_SHARE_KIND, BAD_TARGET};
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::analysis;
use crate::auth::sessions;
use crate::config::required_secret;
use crate::db::{Busy, db, failed, int, new_id, opt_text, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::insights::{playlist, reels};
use crate::participation::entries;
use crate::App;

const INSERT: &str = "INSERT INTO shares (id, token_hash, owner_id, analysis_id, kind, entry_id, note_id, reel_id, hide_camera, include_notes, created_at, expires_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";
const LIST: &str = "SELECT s.id, s.kind, s.entry_id, s.note_id, s.reel_id, s.hide_camera, s.include_notes, s.created_at, s.expires_at, s.revoked_at, \
     s.view_count, s.last_viewed_at, a.owner_id, a.name AS analysis_name, COALESCE(n.title, substr(n.text, 1, 80)) AS note_title, r.title AS reel_title \
     FROM shares s JOIN analyses a ON a.id = s.analysis_id LEFT JOIN entry_notes n ON n.id = s.note_id LEFT JOIN reels r ON r.id = s.reel_id \
     WHERE s.analysis_id = ?1 ORDER BY s.created_at DESC, s.id";
const ONE: &str = "SELECT s.id, s.kind, s.entry_id, s.note_id, s.reel_id, s.hide_camera, s.include_notes, s.created_at, s.expires_at, s.revoked_at, \
     s.view_count, s.last_viewed_at, a.owner_id, a.name AS analysis_name, COALESCE(n.title, substr(n.text, 1, 80)) AS note_title, r.title AS reel_title \
     FROM shares s JOIN analyses a ON a.id = s.analysis_id LEFT JOIN entry_notes n ON n.id = s.note_id LEFT JOIN reels r ON r.id = s.reel_id \
     WHERE s.id = ?1";
const REVOKE: &str = "UPDATE shares SET revoked_at = COALESCE(revoked_at, ?2) WHERE id = ?1";

#[derive(Deserialize)]
struct Row {
    id: String,
    kind: String,
    entry_id: Option<String>,
    note_id: Option<String>,
    reel_id: Option<String>,
    hide_camera: i64,
    include_notes: i64,
    created_at: i64,
    expires_at: i64,
    revoked_at: Option<i64>,
    view_count: i64,
    last_viewed_at: Option<i64>,
    owner_id: String,
    analysis_name: String,
    note_title: Option<String>,
    reel_title: Option<String>,
}

impl Row {
    fn dto(self, now: i64) -> ShareDto {
        let target_title = self.note_title.or(self.reel_title).unwrap_or(self.analysis_name);
        ShareDto {
            state: clips::share_state(now, self.expires_at, self.revoked_at).into(),
            targetId: self.note_id.or(self.reel_id).or(self.entry_id),
            id: self.id,
            kind: self.kind,
            targetTitle: target_title,
            hideCamera: self.hide_camera != 0,
            includeNotes: self.include_notes != 0,
            createdAt: self.created_at,
            expiresAt: self.expires_at,
            revokedAt: self.revoked_at,
            viewCount: self.view_count,
            lastViewedAt: self.last_viewed_at,
        }
    }
}

/// The stored form of a share token.
pub fn token_hash(app: &App, raw: &str) -> ApiResult<String> {
    let pepper = required_secret(&app.env, "SESSION_PEPPER")?;
    Ok(token::storage_hash(pepper.as_bytes(), &format!("share:{raw}")))
}

async fn one(database: &D1Database, id: &str) -> ApiResult<Option<Row>> {
    stmt(database, ONE, &[text(id)])?.first_busy::<Row>(None).await.map_err(failed(ONE))
}

fn bad(message: &'static str) -> ApiError {
    ApiError::bad_request("invalid_share", message)
}

/// What the link points at: (entry, note, reel), checked to belong to `analysis_id`.
async fn target(database: &D1Database, analysis_id: &str, kind: ShareKind, id: Option<&str>) -> ApiResult<(Option<String>, Option<String>, Option<String>)> {
    let id = id.map(str::trim).filter(|i| !i.is_empty());
    match (kind, id) {
        (ShareKind::Summary, _) => Ok((None, None, None)),
        (ShareKind::Recording, Some(id)) => {
            let entry = entries::find(database, id).await?.filter(|e| e.analysis_id == analysis_id && e.status == "submitted");
            entry.map(|e| (Some(e.id), None, None)).ok_or_else(|| bad(BAD_TARGET))
        }
        (ShareKind::Clip, Some(id)) => {
            let clip = playlist::clips(database, &[id.to_string()]).await?.into_iter().find(|c| c.analysis_id == analysis_id);
            clip.map(|c| (Some(c.entry_id), Some(c.id), None)).ok_or_else(|| bad(BAD_TARGET))
        }
        (ShareKind::Reel, Some(id)) => {
            let reel = reels::find(database, id).await?.filter(|r| r.analysis_id == analysis_id);
            reel.map(|r| (None, None, Some(r.id))).ok_or_else(|| bad(BAD_TARGET))
        }
        _ => Err(bad(BAD_TARGET)),
    }
}

fn flag(value: Option<bool>) -> wasm_bindgen::JsValue {
    int(i64::from(value.unwrap_or(false)))
}

/// `POST /api/v1/analysis/{id}/shares {kind, targetId?, expiresInDays, hideCamera?, includeNotes?}`.
pub async fn create(app: &App, req: &mut Request, analysis_id: &str) -> ApiResult<Response> {
    let analysis = analysis::owned_row(app, req, analysis_id).await?;
    let body: ShareRequest = read_json(req).await?;
    let kind = body.kind.as_deref().and_then(ShareKind::parse).ok_or_else(|| bad(BAD_SHARE_KIND))?;
    let now = app.now();
    let expires = clips::share_expiry(now, body.expiresInDays).map_err(bad)?;
    let database = db(app)?;
    let (entry, note, reel) = target(&database, analysis_id, kind, body.targetId.as_deref()).await?;
    let raw = sessions::new_token();
    let id = new_id();
    stmt(
        &database,
        INSERT,
        &[
            text(&id),
            text(&token_hash(app, &raw)?),
            text(&analysis.owner_id),
            text(analysis_id),
            text(kind.as_str()),
            opt_text(entry.as_deref()),
            opt_text(note.as_deref()),
            opt_text(reel.as_deref()),
            flag(body.hideCamera),
            flag(body.includeNotes),
            int(now),
            int(expires),
        ],
    )?
    .run()
    .await
    .map_err(failed(INSERT))?;
    let share = one(&database, &id).await?.ok_or_else(|| ApiError::internal("share vanished after insert"))?.dto(now);
    let url = format!("{}/s/{raw}", app.config.public_origin);
    json(201, &ShareCreatedResponse { share, token: raw, url })
}

/// `GET /api/v1/analysis/{id}/shares`: every link, newest first, with views and state.
pub async fn list(app: &App, req: &Request, analysis_id: &str) -> ApiResult<Response> {
    analysis::owned_row(app, req, analysis_id).await?;
    let rows = stmt(&db(app)?, LIST, &[text(analysis_id)])?.all_busy().await.map_err(failed(LIST))?.results::<Row>().map_err(failed(LIST))?;
    let now = app.now();
    json(200, &SharesResponse { shares: rows.into_iter().map(|r| r.dto(now)).collect() })
}

/// `POST /api/v1/shares/{id}/revoke`: the link answers 410 from now on; revoking twice is harmless.
pub async fn revoke(app: &App, req: &Request, share_id: &str) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    let database = db(app)?;
    let share = one(&database, share_id).await?.ok_or_else(ApiError::not_found)?;
    if share.owner_id != user.user.id && Role::parse(&user.user.role) != Some(Role::Admin) {
        return Err(ApiError::not_found());
    }
    let now = app.now();
    stmt(&database, REVOKE, &[text(share_id), int(now)])?.run_busy().await.map_err(failed(REVOKE))?;
    let share = one(&database, share_id).await?.ok_or_else(ApiError::not_found)?;
    json(200, &share.dto(now))
}
