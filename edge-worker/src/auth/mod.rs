//! Accounts: registration, login, sessions, logout, password reset and change (product §7 auth rows).

pub mod login;
pub mod password;
pub mod rate;
pub mod register;
pub mod reset;
pub mod sessions;
pub mod users;

use lupa_api_types::{MessageResponse, UserResponse};
use worker::{Request, Response};

use crate::error::ApiResult;
use crate::http::json;
use crate::platform::db::db;
use crate::App;

/// Hashes a password with a fresh random salt.
pub fn hash_password(password: &str) -> ApiResult<String> {
    let mut salt = [0u8; 16];
    crate::platform::random::fill(&mut salt);
    lupa_core::auth::password::hash(password, &salt).map_err(crate::error::ApiError::internal)
}

/// `GET /api/v1/auth/session` and `GET /api/v1/user`: the signed-in user (the router checked
/// the session).
pub fn session(current: &sessions::SessionUser) -> ApiResult<Response> {
    json(200, &UserResponse { user: current.user.dto(), workspace: current.workspace.as_ref().map(|m| m.dto()) })
}

/// `POST /api/v1/auth/logout`: ends the session server-side and clears the cookie.
pub async fn logout(app: &App, req: &Request) -> ApiResult<Response> {
    if let Some(current) = sessions::current(app, req).await? {
        sessions::revoke(&db(app)?, &current.token_hash).await?;
        // Its live views end too, at once (hardening 4).
        crate::ledger::recheck_viewers(app, crate::ledger::Viewers::Session(&current.token_hash));
    }
    let resp = json(200, &MessageResponse { message: "Sesión cerrada".into() })?;
    sessions::with_cookie(resp, &sessions::clear_cookie())
}
