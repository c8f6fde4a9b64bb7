//! Watching a participation in progress (ADR 0016). `GET /api/v1/entry/{id}/live` checks the
//! session and ownership like a recording (404 for anyone else's), then hands the WebSocket
//! upgrade to the participation's object, which keeps its viewers (`ledger/viewers.rs`).
//! `GET /api/v1/live-chunks/…` serves one stored chunk to a URL the object signed.

use lupa_core::recording::{ChunkId, Track};
use lupa_core::routes as paths;
use worker::{Headers, Method, Request, RequestInit, Response, ResponseBuilder};

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::platform::db::{db, int, opt_text, text};
use crate::platform::storage::{bucket, chunk_key, verify_signed_request};
use crate::recordings::owned_entry_with;
use crate::App;

const TASK_COUNT: &str = "SELECT COUNT(*) AS value FROM analysis_tasks t JOIN analysis_entries e ON e.analysis_id = t.analysis_id WHERE e.id = ?1";

/// The viewer is noted with the entry's reads, only when the session may watch it (the rule of
/// `recordings::owned_by`: a member of the analysis's workspace, or an admin): a later logout or lost access then
/// knows which participations' objects to ask to check their sockets again (`ledger::recheck_viewers`).
const WATCHING: &str = "INSERT OR REPLACE INTO live_viewers (session_hash, entry_id, user_id, opened_at) \
     SELECT ?1, e.id, ?3, ?4 FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?2 AND (a.workspace_id = ?6 OR ?5 = 1)";

/// A WebSocket handshake (RFC 6455 §4.2.1): `Upgrade: websocket`, version 13 and a key. Anything
/// else is our JSON 426, not the runtime's plain-text one.
pub(crate) fn is_upgrade(req: &Request) -> bool {
    let header = |name: &str| req.headers().get(name).ok().flatten();
    header("upgrade").is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
        && header("sec-websocket-version").is_some_and(|v| v.trim() == "13")
        && header("sec-websocket-key").is_some_and(|v| !v.trim().is_empty())
}

/// `GET /api/v1/entry/{id}/live` (Upgrade: websocket): the participation's live events.
pub async fn open(app: &App, user: &SessionUser, req: &Request, entry_id: &str) -> ApiResult<Response> {
    // A WebSocket is not a fetch: the router's cross-site check passes GETs, and a page of another
    // site could otherwise open this socket with the researcher's cookie (cross-site WebSocket
    // hijacking). Browsers always send `Origin` on the handshake.
    crate::http::check_origin(req)?;
    let admin = lupa_core::auth::Role::parse(&user.user.role) == Some(lupa_core::auth::Role::Admin);
    let (entry, results, slot) = owned_entry_with(app, user, entry_id, |batch| {
        let count = batch.add(TASK_COUNT, &[text(entry_id)])?;
        batch.add(
            WATCHING,
            &[
                text(&user.token_hash),
                text(entry_id),
                text(&user.user.id),
                int(app.now()),
                int(i64::from(admin)),
                opt_text(user.workspace.as_ref().map(|m| m.id.as_str())),
            ],
        )?;
        Ok(count)
    })
    .await?;
    if !is_upgrade(req) {
        return Err(ApiError::from(Fixed::UpgradeRequired));
    }
    let task_count = results.first_value::<i64>(slot)?.map_or(0, |n| n.max(0));
    let headers = Headers::new();
    headers.set("upgrade", "websocket")?;
    headers.set("x-lupa-analysis", &entry.analysis_id)?;
    headers.set("x-lupa-task-count", &task_count.to_string())?;
    // Who opens it: each later request on the socket asks again whether this session lasts.
    headers.set("x-lupa-viewer-session", &user.token_hash)?;
    headers.set("x-lupa-viewer-user", &user.user.id)?;
    let mut init = RequestInit::new();
    init.with_method(Method::Get).with_headers(headers);
    let forwarded = Request::new_with_init("https://participation.ledger/live", &init)?;
    let stub = app.env.durable_object("PARTICIPATIONS")?.get_by_name(&entry.id)?;
    let answer = stub.fetch_with_request(forwarded).await?;
    match answer.status_code() {
        101 => {
            let socket = answer
                .websocket()
                .ok_or_else(|| ApiError::internal("participation object answered 101 without a socket"))?;
            Ok(Response::from_websocket(socket)?)
        }
        429 => Err(ApiError::from(Fixed::TooManyViewers)),
        status => Err(ApiError::internal(format!("participation object refused a viewer: {status}"))),
    }
}

/// `GET /api/v1/live-chunks/{id}/{segment}/{track}/{index}?expires=&kid=&sig=`: one chunk's bytes.
/// 404 once it was composed into a part and deleted, or the participation ended.
pub async fn chunk(
    app: &App,
    req: &Request,
    entry_id: &str,
    segment: &str,
    track: &str,
    index: &str,
) -> ApiResult<Response> {
    verify_signed_request(app, req, &paths::live_chunk(entry_id, segment, track, index))?;
    let gone = || ApiError::from(Fixed::ChunkGone);
    let (Ok(seq), Ok(index)) = (segment.parse::<u32>(), index.parse::<u32>()) else { return Err(gone()) };
    // Viewers watch the screen and the camera; the audio track is the transcript's.
    let Ok(track @ (Track::Screen | Track::Camera)) = track.parse::<Track>() else { return Err(gone()) };
    let analysis = crate::participation::entries::find(&db(app)?, entry_id).await?.ok_or_else(gone)?.analysis_id;
    let chunk = ChunkId { seq, track, index };
    let object = bucket(app)?.get(chunk_key(&analysis, entry_id, chunk)).execute().await?.ok_or_else(gone)?;
    let body = object.body().ok_or_else(|| ApiError::internal("R2 chunk without body"))?;
    Ok(ResponseBuilder::new()
        .with_header("content-type", "application/octet-stream")?
        .with_header("content-length", &object.size().to_string())?
        .body(body.response_body()?))
}
