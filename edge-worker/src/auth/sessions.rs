//! Sessions: a random token in a `__Host-` cookie, stored in D1 only as a keyed hash, with idle and
//! absolute expiry. Also the `require_user` gate every authenticated handler starts with: one D1
//! round trip (the session joined with its user); refreshing or removing the session row happens
//! after the answer (ADR 0011).

use lupa_core::auth::{self, token};
use lupa_core::team::TeamRole;
use serde::Deserialize;
use wasm_bindgen::JsValue;
use worker::{D1Database, D1PreparedStatement, Request, Response};

use crate::auth::users::UserRow;
use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::cookie;
use crate::platform::config::required_secret;
use crate::platform::db::{db, failed, int, stmt, text, Busy};
use crate::App;

/// `__Host-` pins the cookie to our origin: Secure, Path=/, no Domain.
pub const COOKIE: &str = "__Host-lupa_session";
const NOT_AUTHENTICATED: &str = "No has iniciado sesión o tu sesión ha caducado";

const INSERT: &str =
    "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)";
/// The session with its user and the user's membership of their current workspace, in one read
/// (the team check adds no round trip, ADR 0019).
const LOOKUP: &str = "SELECT s.created_at AS session_created_at, s.last_seen_at, s.expires_at, \
     u.id, u.email, u.name, u.role, u.password_hash, u.last_login_at, u.created_at, \
     u.workspace_id, m.role AS team_role, w.name AS workspace_name \
     FROM sessions s JOIN users u ON u.id = s.user_id \
     LEFT JOIN workspace_members m ON m.workspace_id = u.workspace_id AND m.user_id = u.id \
     LEFT JOIN workspaces w ON w.id = m.workspace_id WHERE s.token_hash = ?1";
const TOUCH: &str = "UPDATE sessions SET last_seen_at = ?2, expires_at = ?3 WHERE token_hash = ?1";
const DELETE_ONE: &str = "DELETE FROM sessions WHERE token_hash = ?1";
pub const DELETE_ALL_FOR_USER: &str = "DELETE FROM sessions WHERE user_id = ?1";
const DELETE_EXPIRED: &str = "DELETE FROM sessions WHERE user_id = ?1 AND expires_at <= ?2";

#[derive(Deserialize)]
struct SessionRow {
    session_created_at: i64,
    last_seen_at: i64,
    expires_at: i64,
    id: String,
    email: String,
    name: Option<String>,
    role: String,
    password_hash: String,
    last_login_at: Option<i64>,
    created_at: i64,
    workspace_id: Option<String>,
    team_role: Option<String>,
    workspace_name: Option<String>,
}

impl SessionRow {
    /// The membership, when the account is still a member of its current workspace.
    fn membership(&self) -> Option<Membership> {
        let role = TeamRole::parse(self.team_role.as_deref()?)?;
        Some(Membership { id: self.workspace_id.clone()?, name: self.workspace_name.clone().unwrap_or_default(), role })
    }

    fn user(self) -> UserRow {
        UserRow {
            id: self.id,
            email: self.email,
            name: self.name,
            role: self.role,
            password_hash: self.password_hash,
            last_login_at: self.last_login_at,
            created_at: self.created_at,
        }
    }
}

/// The signed-in user of a request, with the hash of the session that proved it.
pub struct SessionUser {
    pub user: UserRow,
    pub token_hash: String,
    /// The user's role in their current workspace; `None` once they were removed from it.
    pub workspace: Option<Membership>,
}

/// An account's place in its current workspace.
#[derive(Debug, Clone)]
pub struct Membership {
    pub id: String,
    pub name: String,
    pub role: TeamRole,
}

impl Membership {
    pub fn dto(&self) -> lupa_api_types::WorkspaceDto {
        use lupa_api_types::TeamRoleName as Name;
        let role = match self.role {
            TeamRole::Owner => Name::Owner,
            TeamRole::Admin => Name::Admin,
            TeamRole::Researcher => Name::Researcher,
            TeamRole::Observer => Name::Observer,
        };
        lupa_api_types::WorkspaceDto { id: self.id.clone(), name: self.name.clone(), role }
    }
}

impl SessionUser {
    /// The current workspace's id, which scopes every read and write of its data; 404 with
    /// [`NO_TEAM_ACCESS`] when the account is no longer a member.
    pub fn workspace_id(&self) -> ApiResult<&str> {
        self.workspace.as_ref().map(|m| m.id.as_str()).ok_or_else(|| ApiError::from(Fixed::NoTeamAccess))
    }

    /// Whether this is product §6's global admin, who sees every analysis.
    pub fn is_global_admin(&self) -> bool {
        lupa_core::auth::Role::parse(&self.user.role) == Some(lupa_core::auth::Role::Admin)
    }

    /// Whether the account may act on data of `workspace_id`: a member of it, or a global admin.
    pub fn may_see_workspace(&self, workspace_id: &str) -> bool {
        self.workspace.as_ref().is_some_and(|m| m.id == workspace_id) || self.is_global_admin()
    }
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
    crate::platform::random::fill(&mut bytes);
    token::encode(&bytes)
}

/// A new session for a user: the statements that store it (for the caller's batch, which may do
/// more in the same round trip) and the `Set-Cookie` value to answer with.
pub struct NewSession {
    pub statements: Vec<D1PreparedStatement>,
    pub cookie: String,
}

/// Prepares a session for `user_id` (dropping the user's expired ones in the same batch).
pub fn prepare(app: &App, database: &D1Database, user_id: &str) -> ApiResult<NewSession> {
    let raw = new_token();
    let now = app.now();
    let expires = auth::session_expiry(now, now);
    Ok(NewSession {
        statements: vec![
            stmt(database, DELETE_EXPIRED, &[text(user_id), int(now)])?,
            stmt(database, INSERT, &[text(&hash_token(app, &raw)?), text(user_id), int(now), int(expires)])?,
        ],
        cookie: set_cookie(&raw, auth::SESSION_ABSOLUTE_MS / 1000),
    })
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
    current(app, req).await?.ok_or_else(|| ApiError::composed(Composed::Unauthorized, NOT_AUTHENTICATED))
}

/// The signed-in user when there is one.
pub async fn current(app: &App, req: &Request) -> ApiResult<Option<SessionUser>> {
    let Some(raw) = cookie(req, COOKIE).filter(|t| token::is_well_formed(t)) else {
        return Ok(None);
    };
    by_hash(app, hash_token(app, &raw)?).await
}

/// The user of the session stored under `token_hash`, while it lasts (for a socket opened with it,
/// which has no cookie to show again: the live view, ADR 0016).
pub async fn by_hash(app: &App, token_hash: String) -> ApiResult<Option<SessionUser>> {
    let Some(row) =
        stmt(&db(app)?, LOOKUP, &[text(&token_hash)])?.first_busy::<SessionRow>(None).await.map_err(failed(LOOKUP))?
    else {
        return Ok(None);
    };
    let now = app.now();
    // Bookkeeping the answer does not wait for: removing an expired session, or refreshing the
    // idle expiry (at most once an hour).
    if row.expires_at <= now {
        after_answer(app, DELETE_ONE, vec![text(&token_hash)]);
        return Ok(None);
    }
    if now - row.last_seen_at > auth::SESSION_TOUCH_EVERY_MS {
        let expires = auth::session_expiry(row.session_created_at, now);
        after_answer(app, TOUCH, vec![text(&token_hash), int(now), int(expires)]);
    }
    let workspace = row.membership();
    Ok(Some(SessionUser { user: row.user(), token_hash, workspace }))
}

/// Runs one statement after the answer; a failure is logged (the next request tries again).
fn after_answer(app: &App, sql: &'static str, args: Vec<JsValue>) {
    let background = app.detached();
    app.wait_until(async move {
        let outcome = match db(&background).and_then(|database| stmt(&database, sql, &args)) {
            Ok(statement) => statement.run_busy().await.map(|_| ()).map_err(failed(sql)),
            Err(err) => Err(err),
        };
        if let Err(err) = outcome {
            crate::platform::log::error("-", "(session)", err.source.as_deref().unwrap_or(&err.message));
        }
    });
}

/// Ends one session.
pub async fn revoke(database: &D1Database, token_hash: &str) -> ApiResult<()> {
    stmt(database, DELETE_ONE, &[text(token_hash)])?.run_busy().await.map_err(failed(DELETE_ONE))?;
    Ok(())
}
