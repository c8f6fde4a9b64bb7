//! How a call's browsers connect (ADR 0024): `POST /sessions/{id}/ice` for members and
//! `POST /session-link/{token}/ice` for the participant answer the media transport and the ICE
//! servers for `RTCPeerConnection`. Locally the browsers talk peer to peer over loopback, which
//! needs no STUN or TURN; production's Cloudflare Realtime and its TURN credentials come through
//! [`ice_config`], the one function the media transport plugs into.

use lupa_api_types::{IceConfigDto, MediaTransportName};
use worker::Response;

use crate::auth::sessions::SessionUser;
use crate::error::ApiResult;
use crate::http::json;
use crate::App;

/// The call's transport and ICE servers for this deployment. For now always peer to peer with no
/// servers: the Realtime client (TURN keys, the SFU) replaces this body when it is wired.
pub fn ice_config(_app: &App) -> ApiResult<IceConfigDto> {
    Ok(IceConfigDto { transport: MediaTransportName::P2p, iceServers: Vec::new() })
}

/// `POST /api/v1/sessions/{id}/ice`: for a member of the session's workspace.
pub async fn for_member(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    super::sessions::find(app, user, id).await?;
    json(200, &ice_config(app)?)
}
