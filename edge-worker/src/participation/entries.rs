//! D1 statements for participation entries, and the capability check that lets only the browser
//! that claimed an entry upload to, finish or abandon it.

use lupa_core::auth::token;
use lupa_core::chunks::GRACE_MS;
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::auth::sessions::{hash_token, with_cookie};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::cookie;
use crate::platform::db::{db, failed, stmt, text, Batch, Busy, Slot};
use crate::App;

/// The participant's capability: a random token in an HttpOnly cookie, hashed on the entry.
pub const COOKIE: &str = "__Host-lupa_participation";

#[derive(Debug, Deserialize)]
pub struct EntryRow {
    pub id: String,
    pub analysis_id: String,
    pub status: String,
    pub capability_hash: Option<String>,
    pub recording_key: Option<String>,
    pub recording_mime: Option<String>,
    pub recording_size: Option<i64>,
    pub upload_id: Option<String>,
    pub duration_ms: Option<i64>,
    pub steps_json: Option<String>,
    pub submitted_at: Option<i64>,
    pub participant_number: Option<i64>,
    pub thumbnail_at: Option<i64>,
    /// The workspace that owns the entry's analysis (ADR 0019).
    pub workspace_id: String,
}

const FIND: &str =
    "SELECT e.id, e.analysis_id, e.status, e.capability_hash, e.recording_key, e.recording_mime, e.recording_size, \
     e.upload_id, e.duration_ms, e.steps_json, e.submitted_at, e.participant_number, e.thumbnail_at, a.workspace_id \
     FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?1";

pub async fn find(database: &D1Database, id: &str) -> ApiResult<Option<EntryRow>> {
    stmt(database, FIND, &[text(id)])?.first_busy::<EntryRow>(None).await.map_err(failed(FIND))
}

/// Adds reading an entry (with its analysis's owner) to a batch.
pub fn add_find(batch: &mut Batch<'_>, id: &str) -> ApiResult<Slot> {
    batch.add(FIND, &[text(id)])
}

/// The entry, when this browser holds its capability and it is still in progress.
pub async fn require_capability(app: &App, req: &Request, entry_id: &str) -> ApiResult<EntryRow> {
    if entry_id.is_empty() {
        return Err(ApiError::from(Fixed::MissingEntryId));
    }
    let entry = find(&db(app)?, entry_id).await?;
    capable(app, req, entry)
}

/// The entry a batch read (`add_find`) when this browser holds its capability and it is still in
/// progress: 404 without the entry, 403 without the capability.
pub fn capable(app: &App, req: &Request, entry: Option<EntryRow>) -> ApiResult<EntryRow> {
    let entry = entry.ok_or_else(ApiError::not_found)?;
    let presented = capability_hash_of(app, req)?;
    let holds = presented.is_some() && presented == entry.capability_hash;
    if !holds || entry.status != "in_progress" {
        return Err(ApiError::from(Fixed::NotYourEntry));
    }
    Ok(entry)
}

/// `Set-Cookie` for the capability. It lives as long as the grace window, so a reload, a crash or
/// a browser restart can resume the participation (ADR 0005); every resume renews it.
pub fn capability_cookie(raw: &str) -> String {
    format!("{COOKIE}={raw}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age={}", GRACE_MS / 1000)
}

/// The hash of the capability this request presents, if it presents a well-formed one.
pub fn capability_hash_of(app: &App, req: &Request) -> ApiResult<Option<String>> {
    cookie(req, COOKIE).filter(|t| token::is_well_formed(t)).map(|raw| hash_token(app, &raw)).transpose()
}

/// Sends the presented capability back with a fresh `Max-Age`: activity extends the grace window.
pub fn refresh_capability_cookie(resp: Response, req: &Request) -> ApiResult<Response> {
    match cookie(req, COOKIE).filter(|t| token::is_well_formed(t)) {
        Some(raw) => with_cookie(resp, &capability_cookie(&raw)),
        None => Ok(resp),
    }
}

/// The body length a media request declares; 411 without one (the body is checked against it).
pub fn declared_length(req: &Request) -> ApiResult<u64> {
    req.headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .ok_or_else(|| ApiError::from(Fixed::LengthRequired))
}

pub fn clear_capability_cookie() -> String {
    format!("{COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0")
}
