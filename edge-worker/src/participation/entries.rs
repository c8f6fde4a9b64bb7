//! D1 statements for participation entries, and the capability check that lets only the browser
//! that claimed an entry upload to, finish or abandon it.

use lupa_core::auth::token;
use serde::Deserialize;
use worker::{D1Database, Request};

use crate::auth::sessions::hash_token;
use crate::db::{db, failed, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::cookie;
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
    pub owner_id: String,
}

const FIND: &str = "SELECT e.id, e.analysis_id, e.status, e.capability_hash, e.recording_key, e.recording_mime, e.recording_size, \
     e.upload_id, e.duration_ms, e.steps_json, e.submitted_at, a.owner_id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?1";

pub async fn find(database: &D1Database, id: &str) -> ApiResult<Option<EntryRow>> {
    stmt(database, FIND, &[text(id)])?.first::<EntryRow>(None).await.map_err(failed(FIND))
}

/// The entry, when this browser holds its capability and it is still in progress.
pub async fn require_capability(app: &App, req: &Request, entry_id: &str) -> ApiResult<EntryRow> {
    if entry_id.is_empty() {
        return Err(ApiError::bad_request("missing_entry_id", lupa_core::participation::MISSING_ENTRY_ID));
    }
    let entry = find(&db(app)?, entry_id).await?.ok_or_else(ApiError::not_found)?;
    let presented = cookie(req, COOKIE).filter(|t| token::is_well_formed(t));
    let holds = match (&presented, &entry.capability_hash) {
        (Some(raw), Some(stored)) => hash_token(app, raw)? == *stored,
        _ => false,
    };
    if !holds || entry.status != "in_progress" {
        return Err(ApiError::forbidden("not_your_entry", lupa_core::participation::NOT_YOURS));
    }
    Ok(entry)
}

/// `Set-Cookie` for the capability: scoped to the API, gone when the browser closes.
pub fn capability_cookie(raw: &str) -> String {
    format!("{COOKIE}={raw}; Path=/; HttpOnly; Secure; SameSite=Strict")
}

pub fn clear_capability_cookie() -> String {
    format!("{COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0")
}
