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
use crate::platform::db::{db, text, Batch};
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
