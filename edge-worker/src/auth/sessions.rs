//! Sessions: a random token in a `__Host-` cookie, stored in D1 only as a keyed hash, with idle and
//! absolute expiry. Also the `require_user` gate every authenticated handler starts with.

use lupa_core::auth::{self, token};
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::auth::users::{self, UserRow};
use crate::config::required_secret;
use crate::db::{Busy, db, failed, int, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::cookie;
use crate::App;

/// `__Host-` pins the cookie to our origin: Secure, Path=/, no Domain.
pub const COOKIE: &str = "__Host-lupa_session";
const NOT_AUTHENTICATED: &str = "No has iniciado sesión o tu sesión ha caducado";

const INSERT: &str = "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)";
const LOOKUP: &str = "SELECT user_id, created_at, last_seen_at, expires_at FROM sessions WHERE token_hash = ?1";
const TOUCH: &str = "UPDATE sessions SET last_seen_at = ?2, expires_at = ?3 WHERE token_hash = ?1";
const DELETE_ONE: &str = "DELETE FROM sessions WHERE token_hash = ?1";
pub const DELETE_ALL_FOR_USER: &str = "DELETE FROM sessions WHERE user_id = ?1";
const DELETE_EXPIRED: &str = "DELETE FROM sessions WHERE user_id = ?1 AND expires_at <= ?2";

#[derive(Deserialize)]
struct SessionRow {
    user_id: String,
    created_at: i64,
    last_seen_at: i64,
    expires_at: i64,
}

/// The signed-in user of a request, with the hash of the session that proved it.
pub struct SessionUser {
    pub user: UserRow,
    pub token_hash: String,
}

fn pepper(app: &App) -> ApiResult<Vec<u8>> {
    Ok(required_secret(&app.env, "SESSION_PEPPER")?.into_bytes())
}

/// Storage hash of a token under the session pepper.
pub fn hash_token(app: &App, raw: &str) -> ApiResult<String> {
    Ok(token::storage_hash(&pepper(app)?, raw))
}

/// A fresh random token (256 bits).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    crate::random::fill(&mut bytes);
    token::encode(&bytes)
}

/// Creates a session for `user_id`; returns the `Set-Cookie` value.
pub async fn create(app: &App, database: &D1Database, user_id: &str) -> ApiResult<String> {
    let raw = new_token();
    let now = now_ms();
    let expires = auth::session_expiry(now, now);
    stmt(database, DELETE_EXPIRED, &[text(user_id), int(now)])?.run_busy().await.map_err(failed(DELETE_EXPIRED))?;
    stmt(database, INSERT, &[text(&hash_token(app, &raw)?), text(user_id), int(now), int(expires)])?
        .run()
        .await
        .map_err(failed(INSERT))?;
    Ok(set_cookie(&raw, auth::SESSION_ABSOLUTE_MS / 1000))
}

fn set_cookie(value: &str, max_age_secs: i64) -> String {
    format!("{COOKIE}={value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age={max_age_secs}")
}

/// A `Set-Cookie` value that removes the session cookie.
pub fn clear_cookie() -> String {
    set_cookie("", 0)
}

/// Attaches a `Set-Cookie` header.
pub fn with_cookie(mut resp: Response, value: &str) -> ApiResult<Response> {
    resp.headers_mut().append("set-cookie", value)?;
    Ok(resp)
}

/// The signed-in user, or 401. Refreshes the idle expiry at most once an hour.
pub async fn require_user(app: &App, req: &Request) -> ApiResult<SessionUser> {
    current(app, req).await?.ok_or_else(|| ApiError::unauthorized(NOT_AUTHENTICATED))
}

/// The signed-in user when there is one.
pub async fn current(app: &App, req: &Request) -> ApiResult<Option<SessionUser>> {
    let Some(raw) = cookie(req, COOKIE).filter(|t| token::is_well_formed(t)) else {
        return Ok(None);
    };
    let database = db(app)?;
    let token_hash = hash_token(app, &raw)?;
    let Some(row) = stmt(&database, LOOKUP, &[text(&token_hash)])?.first_busy::<SessionRow>(None).await.map_err(failed(LOOKUP))? else {
        return Ok(None);
    };
    let now = now_ms();
    if row.expires_at <= now {
        stmt(&database, DELETE_ONE, &[text(&token_hash)])?.run_busy().await.map_err(failed(DELETE_ONE))?;
        return Ok(None);
    }
    if now - row.last_seen_at > auth::SESSION_TOUCH_EVERY_MS {
        let expires = auth::session_expiry(row.created_at, now);
        stmt(&database, TOUCH, &[text(&token_hash), int(now), int(expires)])?.run_busy().await.map_err(failed(TOUCH))?;
    }
    let Some(user) = users::by_id(&database, &row.user_id).await? else {
        return Ok(None);
    };
    Ok(Some(SessionUser { user, token_hash }))
}

/// Ends one session.
pub async fn revoke(database: &D1Database, token_hash: &str) -> ApiResult<()> {
    stmt(database, DELETE_ONE, &[text(token_hash)])?.run_busy().await.map_err(failed(DELETE_ONE))?;
    Ok(())
}
