//! A moderated session's room, the worker's side (ADR 0024): `GET /sessions/{id}/room` checks the
//! member and hands the WebSocket upgrade to the session's room object (`session_room/`) with who
//! joins and as what; the participant's link does the same (`link.rs`). Deleting a session closes
//! its room; a logout or a lost access asks the rooms the account was in to check their sockets
//! again (`recheck`), as live views are (ADR 0016).

use base64::Engine;
use lupa_core::moderated::room::RoomRole;
use serde::Serialize;
use worker::{Headers, Method, Request, RequestInit, Response};

use super::{moderator_name, not_found, session_columns, SessionRow};
use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::platform::db::{db, int, text, Batch};
use crate::App;

/// The binding in `wrangler.toml`.
pub const BINDING: &str = "SESSION_ROOMS";

const FIND_LIVE: &str =
    concat!("SELECT ", session_columns!(), " WHERE s.id = ?1 AND s.workspace_id = ?2 AND s.ended_at IS NULL");
/// The member is noted with the session's read, only when it is theirs to join: a later logout or
/// lost access then knows which rooms to ask to check their sockets again.
const NOTE_MEMBER: &str = "INSERT OR REPLACE INTO session_room_members (session_hash, session_id, user_id, opened_at) \
     SELECT ?1, s.id, ?3, ?4 FROM moderated_sessions s WHERE s.id = ?2 AND s.workspace_id = ?5 AND s.ended_at IS NULL";

/// Who is joining a room, as the object is told.
pub struct Joiner {
    pub role: RoomRole,
    pub name: String,
    /// The account and the hash of the login session that opened the socket (members only).
    pub member: Option<(String, String)>,
}

impl Joiner {
    pub fn participant() -> Joiner {
        Joiner { role: RoomRole::Participant, name: "Participante".into(), member: None }
    }
}

/// `GET /api/v1/sessions/{id}/room` (Upgrade: websocket): the moderator's or an observer's socket.
pub async fn open(app: &App, user: &SessionUser, req: &Request, id: &str) -> ApiResult<Response> {
    // Browsers send `Origin` on every handshake: a page of another site can't use the cookie.
    crate::http::check_origin(req)?;
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = batch.add(FIND_LIVE, &[text(id), text(workspace)])?;
    batch
        .add(NOTE_MEMBER, &[text(&user.token_hash), text(id), text(&user.user.id), int(app.now()), text(workspace)])?;
    let session = batch.run().await?.first::<SessionRow>(found)?.ok_or_else(not_found)?;
    let role = if session.moderator_id == user.user.id { RoomRole::Moderator } else { RoomRole::Observer };
    let joiner =
        Joiner { role, name: moderator_name(user), member: Some((user.user.id.clone(), user.token_hash.clone())) };
    forward(app, req, &session, &joiner).await
}

/// Hands the upgrade to the session's room object: 426 without one, 429 past the observers.
pub async fn forward(app: &App, req: &Request, session: &SessionRow, joiner: &Joiner) -> ApiResult<Response> {
    if !crate::live::is_upgrade(req) {
        return Err(ApiError::from(Fixed::UpgradeRequired));
    }
    let headers = Headers::new();
    headers.set("upgrade", "websocket")?;
    headers.set("x-lupa-room-session", &session.id)?;
    headers.set("x-lupa-room-workspace", &session.workspace_id)?;
    headers.set("x-lupa-room-role", joiner.role.as_str())?;
    // Header values are bytes, names are any text: base64 keeps an 'ñ' whole.
    headers.set("x-lupa-room-name", &base64::engine::general_purpose::STANDARD.encode(&joiner.name))?;
    if let Some((user_id, login)) = &joiner.member {
        headers.set("x-lupa-room-user", user_id)?;
        headers.set("x-lupa-room-login", login)?;
    }
    let mut init = RequestInit::new();
    init.with_method(Method::Get).with_headers(headers);
    let forwarded = Request::new_with_init("https://session.room/join", &init)?;
    let stub = app.env.durable_object(BINDING)?.get_by_name(&session.id)?;
    let answer = stub.fetch_with_request(forwarded).await?;
    match answer.status_code() {
        101 => {
            let socket =
                answer.websocket().ok_or_else(|| ApiError::internal("session room answered 101 without a socket"))?;
            Ok(Response::from_websocket(socket)?)
        }
        429 => Err(ApiError::from(Fixed::TooManyObservers)),
        status => Err(ApiError::internal(format!("session room refused a socket: {status}"))),
    }
}

/// What the worker asks of a room besides a socket (`session_room::RoomCall`).
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum RoomCall<'a> {
    /// The session was deleted: close every socket and forget the room.
    Close,
    /// Check again the member sockets of one login session, or of one account.
    #[allow(non_snake_case)]
    Recheck { sessionHash: Option<&'a str>, userId: Option<&'a str> },
}

async fn call(app: &App, id: &str, room_call: &RoomCall<'_>) -> ApiResult<()> {
    let headers = Headers::new();
    headers.set("content-type", "application/json")?;
    let body = serde_json::to_string(room_call).map_err(ApiError::internal)?;
    let mut init = RequestInit::new();
    init.with_method(Method::Post).with_headers(headers).with_body(Some(body.into()));
    let request = Request::new_with_init("https://session.room/call", &init)?;
    let answer = app.env.durable_object(BINDING)?.get_by_name(id)?.fetch_with_request(request).await?;
    if answer.status_code() != 200 {
        return Err(ApiError::internal(format!("session room answered {}", answer.status_code())));
    }
    Ok(())
}

/// Closes the room of a deleted session.
pub async fn close(app: &App, id: &str) -> ApiResult<()> {
    call(app, id, &RoomCall::Close).await
}

const ROOMS_BY_LOGIN: &str = "SELECT DISTINCT session_id AS value FROM session_room_members WHERE session_hash = ?1";
const ROOMS_BY_USER: &str = "SELECT DISTINCT session_id AS value FROM session_room_members WHERE user_id = ?1";

/// Asks every room `login` (a session hash) or `user` joined to check those sockets again (a
/// logout, a password change, a removal from the team). Run after the answer, beside the live
/// views' recheck (`ledger::recheck_viewers`); a failure is logged.
pub async fn recheck(app: &App, login: Option<&str>, user: Option<&str>) -> ApiResult<()> {
    let (sql, key) = match (login, user) {
        (Some(hash), _) => (ROOMS_BY_LOGIN, hash),
        (None, Some(id)) => (ROOMS_BY_USER, id),
        (None, None) => return Ok(()),
    };
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let rooms = batch.add(sql, &[text(key)])?;
    let ids = batch.run().await?.all::<crate::platform::db::Value<String>>(rooms)?;
    let room_call = RoomCall::Recheck { sessionHash: login, userId: user };
    let calls = ids.iter().map(|row| call(app, &row.value, &room_call));
    for answer in futures_util::future::join_all(calls).await {
        answer?;
    }
    Ok(())
}

const SWEEP_ENDED: &str =
    "DELETE FROM session_room_members WHERE session_hash NOT IN (SELECT token_hash FROM sessions)";

/// The cron's sweep of rows whose login session ended; how many went.
pub async fn forget_ended_members(app: &App) -> ApiResult<usize> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let swept = batch.add(SWEEP_ENDED, &[])?;
    batch.run().await?.changes(swept)
}

/// The rooms a deletion takes with it, read in the deleting batch before its deletes (no round
/// trip more): an analysis's sessions, a workspace's, and an account's (those it moderated and
/// those of the workspaces it owns). `?1` is the id.
pub const ROOMS_OF_ANALYSIS: &str = "SELECT id AS value FROM moderated_sessions WHERE analysis_id = ?1";
pub const ROOMS_OF_WORKSPACE: &str = "SELECT id AS value FROM moderated_sessions WHERE workspace_id = ?1";
pub const ROOMS_OF_ACCOUNT: &str = "SELECT id AS value FROM moderated_sessions WHERE moderator_id = ?1 \
     OR workspace_id IN (SELECT workspace_id FROM workspace_members WHERE user_id = ?1 AND role = 'owner')";

/// Closes the rooms of sessions that were just deleted with what they belonged to, after the
/// answer (their links already stop working); a failure is logged.
pub fn close_after_answer(app: &App, ids: Vec<String>) {
    if ids.is_empty() {
        return;
    }
    let background = app.detached();
    app.wait_until(async move {
        for answer in futures_util::future::join_all(ids.iter().map(|id| close(&background, id))).await {
            if let Err(err) = answer {
                crate::platform::log::error("-", "(room-close)", err.source.as_deref().unwrap_or(&err.message));
            }
        }
    });
}
