//! The participant's side of a moderated session (ADR 0024): what the link shows, its room and
//! its call's ICE servers. No account: the link's token is the key, looked up by its keyed hash,
//! and every lookup is counted against the client's address (the sliding-window limiter of the
//! public routes), so tokens can't be tried in bulk. A deleted or ended session's link is 404,
//! one answer for all three cases, so the route tells nothing about which tokens ever existed.

use lupa_api_types::SessionLinkResponse;
use lupa_core::auth::rate_limit::Limit;
use worker::{Request, Response};

use super::{not_found, session_columns, token_hash, SessionRow};
use crate::auth::rate;
use crate::error::ApiResult;
use crate::http::{client_address, json};
use crate::platform::db::{db, text, Batch, Results, Slot};
use crate::App;

/// Link lookups from one client address: a participant's page makes a few (the page, the room,
/// the ICE servers, reconnections), so this only stops trying tokens.
const LOOKUPS_PER_CLIENT: Limit = Limit { name: "session-link-client", max: 120, window_ms: 10 * 60 * 1000 };

/// The session of a link, while it lasts.
const BY_TOKEN: &str =
    concat!("SELECT ", session_columns!(), " WHERE s.participant_token_hash = ?1 AND s.ended_at IS NULL");

/// The live session behind `raw`, the lookup counted in the same round trip; 404 otherwise.
async fn session_of(app: &App, req: &Request, raw: &str) -> ApiResult<SessionRow> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let attempt = rate::add_hit(&mut batch, LOOKUPS_PER_CLIENT, &client_address(req), app.now())?;
    let found = batch.add(BY_TOKEN, &[text(&token_hash(app, raw)?)])?;
    let results = batch.run().await?;
    rate::check(&results, attempt)?;
    results.first::<SessionRow>(found)?.ok_or_else(not_found)
}

/// Adds reading the live session of `raw` to the participate route's first batch (the one that
/// counts its attempt), so a link costs that route no round trip of its own.
pub fn add_live_session(batch: &mut Batch<'_>, app: &App, raw: &str) -> ApiResult<Slot> {
    batch.add(BY_TOKEN, &[text(&token_hash(app, raw)?)])
}

/// The session [`add_live_session`] read, when it is one of `analysis_id`'s; 404 'La sesión no
/// existe o ha terminado.' otherwise (another analysis's link included), before any place is taken.
pub fn live_session_of(results: &Results, slot: Slot, analysis_id: &str) -> ApiResult<SessionRow> {
    results.first::<SessionRow>(slot)?.filter(|s| s.analysis_id == analysis_id).ok_or_else(not_found)
}

/// Makes `entry_id` the session's recording, in the batch that claims it: the newest participation
/// through the link is the one the moderator talks with (a participant who came back on another
/// device), and a session ended or deleted meanwhile is left alone.
const RECORD: &str = "UPDATE moderated_sessions SET entry_id = ?2 WHERE id = ?1 AND ended_at IS NULL \
     AND EXISTS (SELECT 1 FROM analysis_entries e WHERE e.id = ?2)";

pub fn add_record(batch: &mut Batch<'_>, session_id: &str, entry_id: &str) -> ApiResult<()> {
    batch.add(RECORD, &[text(session_id), text(entry_id)]).map(|_| ())
}

/// `GET /api/v1/session-link/{token}`.
pub async fn view(app: &App, req: &Request, raw: &str) -> ApiResult<Response> {
    let session = session_of(app, req, raw).await?;
    json(
        200,
        &SessionLinkResponse {
            sessionId: session.id,
            analysisId: session.analysis_id,
            plannedAt: session.planned_at,
            moderatorName: session.moderator_name,
        },
    )
}

/// `GET /api/v1/session-link/{token}/room` (Upgrade: websocket): the participant's socket.
pub async fn room(app: &App, req: &Request, raw: &str) -> ApiResult<Response> {
    // A handshake is a GET that any site's page may start: same origin only, as the live view.
    crate::http::check_origin(req)?;
    let session = session_of(app, req, raw).await?;
    super::room::forward(app, req, &session, &super::room::Joiner::participant()).await
}

/// `POST /api/v1/session-link/{token}/ice`.
pub async fn ice(app: &App, req: &Request, raw: &str) -> ApiResult<Response> {
    session_of(app, req, raw).await?;
    json(200, &crate::media_transport::ice_config(app).await?)
}
