//! How a call's browsers connect (ADR 0024): `POST /sessions/{id}/ice` for members and
//! `POST /session-link/{token}/ice` for the participant answer the media transport and the ICE
//! servers for `RTCPeerConnection`, from [`crate::media_transport::ice_config`]: locally the
//! browsers talk peer to peer over loopback, which needs no STUN or TURN; in production Cloudflare
//! Realtime's SFU, with fresh TURN credentials minted per call by the worker.

use worker::Response;

use crate::auth::sessions::SessionUser;
use crate::error::ApiResult;
use crate::http::json;
use crate::media_transport::ice_config;
use crate::App;

/// `POST /api/v1/sessions/{id}/ice`: for a member of the session's workspace.
pub async fn for_member(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    super::sessions::find(app, user, id).await?;
    json(200, &ice_config(app).await?)
}
